import { once } from 'node:events'
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import ArLocal from 'arlocal'
import Arweave from 'arweave'

// ArLocal's private parts, reached to keep it on loopback and its request log out of the working
// directory (as tests/storage/storage-contract.test.ts does).
interface ArLocalInternals {
  app: {
    callback(): http.RequestListener
    listen: (port: number, onListening: () => void) => http.Server
  }
  log: { logInFile: (args: unknown) => void }
}

/** ArLocal, the Arweave stand-in, on a loopback port, with a funded wallet for a server to pay with. */
export async function startArLocal() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'prooftrack-arlocal-'))
  const probe = http.createServer().listen(0, '127.0.0.1')
  await once(probe, 'listening')
  const { port } = probe.address() as AddressInfo
  await new Promise((resolve) => probe.close(resolve))

  const arlocal = new ArLocal(port, false, path.join(dir, 'db'), false)
  const internals = arlocal as unknown as ArLocalInternals
  internals.app.listen = (_port, onListening) =>
    http.createServer(internals.app.callback()).listen(port, '127.0.0.1', onListening)
  internals.log.logInFile = () => {}
  await arlocal.start()
  const server = arlocal.getServer()
  if (!server.listening) await once(server, 'listening')

  const base = `http://127.0.0.1:${port}`
  const call = async (route: string) => {
    const response = await fetch(`${base}${route}`)
    if (!response.ok) throw new Error(`ArLocal ${route} answered ${response.status}`)
    await response.arrayBuffer()
  }
  const client = Arweave.init({ host: '127.0.0.1', port, protocol: 'http' })
  const wallet = await client.wallets.generate()
  await call(`/mint/${await client.wallets.jwkToAddress(wallet)}/${100_000_000_000_000}`)
  return {
    base,
    /** What a server needs to store on this ArLocal. */
    env: {
      ARWEAVE_HOST: '127.0.0.1',
      ARWEAVE_PORT: String(port),
      ARWEAVE_PROTOCOL: 'http',
      ARWEAVE_WALLET_JWK: JSON.stringify(wallet),
    },
    /** Mines what was posted, as a block does on Arweave, so its data can be read. */
    mine: () => call('/mine'),
    stop: async () => {
      await arlocal.stop()
      server.closeAllConnections()
      if (server.listening) await once(server, 'close')
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}
