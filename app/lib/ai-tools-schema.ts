import { z } from 'zod'
import {
  AI_TOOL_NAME_MISSING,
  AI_TOOL_NAME_TAKEN,
  AI_TOOL_PARTS_MISSING,
  aiToolNoShareMessage,
  componentsWithoutAiShare,
  orderedComponents,
} from './ai-tools'
import { AI_TOOL_NAME_MAX, COMPONENTS, MAX_AI_TOOLS } from './song-constants'
import { blank, checkbox as flag, plainString } from './text-schemas'

// Issue 51.5 (decision 119): the AI tools' rows as the song form, the details form and the API
// read them. Server-side only, as song-schema.ts: zod stays out of the browser bundle.

const toolName = z.preprocess(
  blank,
  plainString(
    AI_TOOL_NAME_MAX,
    `The AI tool’s name must be at most ${AI_TOOL_NAME_MAX} characters`,
  ).optional(),
)

/**
 * One row of the AI tools (issue 51.5): a name and the components it worked on. The form ticks
 * a box per component (`aiTools[0].vocals`: a form sends each name once, decision 014); a JSON
 * body sends `components`, a list. Both are read, and merged.
 */
export const AiToolRowSchema = z.object({
  name: toolName,
  components: z
    .array(z.enum(COMPONENTS, { error: 'Name parts of the song from the list of components' }))
    .max(COMPONENTS.length)
    .default([]),
  lyrics: flag,
  vocals: flag,
  instrumentation: flag,
  production: flag,
  mixing: flag,
})
type AiToolRow = z.output<typeof AiToolRowSchema>
/** A row's components, ticked or listed, in the table's order. */
const rowComponents = (row: AiToolRow) =>
  orderedComponents([...row.components, ...COMPONENTS.filter((c) => row[c])])
// conform reads `aiTools[2].name` alone as a list with holes: each hole is an empty row.
const aiTools = z.preprocess(
  (value) => (Array.isArray(value) ? Array.from(value, (row: unknown) => row ?? {}) : value),
  z.array(AiToolRowSchema).max(MAX_AI_TOOLS, `Name at most ${MAX_AI_TOOLS} AI tools`).default([]),
)

/**
 * Empty rows are no tool; a named tool needs a part, a ticked part a name, and the AI a share of
 * every part ticked (decision 119: a form error, not a warning: a record must not credit the AI
 * with a part the same record gives it none of). `rows`: the split the tools are checked with.
 */
export function checkAiTools(
  tools: readonly AiToolRow[],
  rows: readonly { component: string; aiPercent: number }[],
  ctx: z.RefinementCtx,
) {
  const names = new Set<string>()
  tools.forEach((tool, index) => {
    const issue = (field: 'name' | 'components', message: string) =>
      ctx.addIssue({ code: 'custom', path: ['aiTools', index, field], message })
    const components = rowComponents(tool)
    if (tool.name === undefined) {
      if (components.length > 0) issue('name', AI_TOOL_NAME_MISSING)
      return
    }
    if (names.has(tool.name.toLowerCase())) issue('name', AI_TOOL_NAME_TAKEN)
    names.add(tool.name.toLowerCase())
    if (components.length === 0) return issue('components', AI_TOOL_PARTS_MISSING)
    const without = componentsWithoutAiShare({ components }, rows)
    if (without.length > 0) issue('components', aiToolNoShareMessage(without))
  })
}

/** The named tools as a song keeps them: empty rows dropped, each tool's parts in order. */
export function keptAiTools(tools: readonly AiToolRow[]) {
  return tools.flatMap((tool) =>
    tool.name === undefined ? [] : [{ name: tool.name, components: rowComponents(tool) }],
  )
}

/** The AI tools' rows, read by the song form and the details form alike. */
export const aiToolsField = aiTools
