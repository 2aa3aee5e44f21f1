import { db, databaseKind } from '~/services/db.server'

export { db, databaseKind }
