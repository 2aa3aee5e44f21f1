import type { PGlite } from '@electric-sql/pglite'
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely'

/**
 * Kysely dialect for PGlite. PGlite is one connection, so a connection is handed out to one
 * caller at a time: a transaction holds it until commit, other queries wait their turn.
 */
export class PGliteDialect implements Dialect {
  private driver: PGliteDriver | null = null
  constructor(private readonly pglite: PGlite) {}
  /** The one connection: whether it is free, and how many callers wait for it. */
  stats() {
    return this.driver?.stats() ?? { total: 1, idle: 1, waiting: 0 }
  }
  createAdapter() {
    return new PostgresAdapter()
  }
  createDriver(): Driver {
    this.driver = new PGliteDriver(this.pglite)
    return this.driver
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db)
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler()
  }
}

class PGliteDriver implements Driver {
  private queue: Promise<void> = Promise.resolve()
  private readonly connection: PGliteConnection
  private waiting = 0
  private held = false

  constructor(pglite: PGlite) {
    this.connection = new PGliteConnection(pglite)
  }

  async init() {}

  async acquireConnection(): Promise<DatabaseConnection> {
    let release!: () => void
    const previous = this.queue
    this.queue = new Promise<void>((resolve) => {
      release = resolve
    })
    this.waiting++
    await previous.finally(() => this.waiting--)
    // Yield to the event loop between holders: without it a long queue drains entirely in
    // microtasks and sockets that connected later starve (measured under load: 10 s stalls).
    await new Promise((resolve) => setImmediate(resolve))
    this.held = true
    this.connection.release = () => {
      this.held = false
      release()
    }
    return this.connection
  }

  stats() {
    return { total: 1, idle: this.held ? 0 : 1, waiting: this.waiting }
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const isolation = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : ''
    await connection.executeQuery(CompiledQuery.raw(`begin${isolation}`))
  }

  async commitTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('commit'))
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('rollback'))
  }

  async releaseConnection(connection: DatabaseConnection) {
    if (connection instanceof PGliteConnection) connection.release()
  }

  async destroy() {}
}

class PGliteConnection implements DatabaseConnection {
  release: () => void = () => {}
  constructor(private readonly pglite: PGlite) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.pglite.query<R>(compiled.sql, [...compiled.parameters])
    return {
      rows: result.rows,
      numAffectedRows: result.affectedRows === undefined ? undefined : BigInt(result.affectedRows),
    }
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming queries are not supported on the embedded database')
  }
}
