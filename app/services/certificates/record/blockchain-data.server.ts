import { z } from 'zod'

// A registration's own record of its steps (decision 042), read by the certificate, the proof
// bundle, the exports and the registration's steps: one reader, kept apart from the manifest's.

/** What registration keeps in blockchain_registrations.blockchain_data. */
export const BlockchainDataSchema = z.object({
  stage: z.enum(['claimed', 'stored', 'signed', 'confirmed', 'failed']).optional(),
  payment: z
    .object({ mode: z.literal('free'), year: z.number(), month: z.number() })
    .or(z.object({ mode: z.literal('paid'), paymentId: z.number() }))
    .optional(),
  manifestSha256: z.string().optional(),
  storageId: z.string().optional(),
  storageUrl: z.string().optional(),
  storageKind: z.string().optional(),
  memo: z.string().optional(),
  lastValidBlockHeight: z.number().nullable().optional(),
  signedTransaction: z.string().optional(),
  slot: z.number().optional(),
  cluster: z.string().optional(),
  chainKind: z.string().optional(),
  feeLamports: z.number().optional(),
  logs: z.array(z.string()).optional(),
  explorerUrl: z.string().optional(),
  error: z.string().optional(),
  /** The confirmations the stored manifest records, as the certificate shows them (decision 042). */
  confirmations: z
    .array(
      z.object({
        role: z.enum(['main', 'co-contributor', 'co-contributor-2']),
        creditedName: z.string(),
        creditedLatinName: z.string().nullable().optional(),
        confirmedAt: z.string(),
        pro: z.string().nullable().optional(),
        ipi: z.string().nullable().optional(),
      }),
    )
    .optional(),
})
export type BlockchainData = z.infer<typeof BlockchainDataSchema>

export function readBlockchainData(value: unknown): BlockchainData {
  const parsed = BlockchainDataSchema.safeParse(value)
  return parsed.success ? parsed.data : {}
}
