import { db, databaseKind } from '../../app/services/db.server'

export { db, databaseKind }
