import { db, databaseKind } from '~/services/platform/db.server'

export { db, databaseKind }
