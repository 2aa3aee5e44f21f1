import { z } from 'zod'
import { SongListQuerySchema } from './url-schemas'

/**
 * GET /api/songs?limit=&offset=&fields= — `summary` (the default) lists what a list of songs
 * shows; `full` lists each song as GET /api/songs/:id gives it (issue 53, decision 116).
 */
export const SongListFieldsQuerySchema = SongListQuerySchema.extend({
  fields: z
    .enum(['summary', 'full'], { message: 'fields must be summary or full' })
    .default('summary'),
})
