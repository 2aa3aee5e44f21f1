// Issue 51 item 5 (decision 119): the rules of the generative-AI tools the owner names, each with
// the components it worked on. "Tools used" stays the free text it was (DAWs, instruments,
// anything) and is never read as AI. What the browser needs too (the tool, the form's rows, its
// line) is in song-constants.ts, so the form pages load no chunk of their own for it. No zod.
import {
  type AiTool,
  COMPONENT_LABELS,
  COMPONENTS,
  type Component,
  MAX_AI_TOOLS,
} from './song-constants'

export const AI_TOOL_NAME_MISSING =
  'Name the AI tool that worked on the parts ticked, or untick them'
export const AI_TOOL_PARTS_MISSING = 'Tick at least one part of the song this AI tool worked on'
export const AI_TOOL_NAME_TAKEN = 'Each AI tool once: tick all its parts on one row'
export const aiToolNoShareMessage = (components: readonly Component[]) =>
  `The AI holds 0% of ${components.map((c) => COMPONENT_LABELS[c]).join(', ')} in the split: tick only parts where the AI has a share, or give the AI its share first`

/** The components in the table's order, each once. */
export function orderedComponents(components: readonly string[]): Component[] {
  return COMPONENTS.filter((c) => components.includes(c))
}

type AiShares = readonly { component: string; aiPercent: number | string }[]

/** The components a tool names where the split gives the AI nothing. */
export function componentsWithoutAiShare(
  tool: { components: readonly Component[] },
  rows: AiShares,
) {
  return tool.components.filter(
    (c) => !rows.some((row) => row.component === c && Number(row.aiPercent) > 0),
  )
}

/**
 * The tools as a changed split leaves them (an edit, or a genre that hides a component): a part
 * where the AI now holds 0 % is no longer the AI's, and a tool left with no part goes. Null (not
 * named) stays null.
 */
export function aiToolsWithin(tools: readonly AiTool[] | null, rows: AiShares): AiTool[] | null {
  if (tools === null) return null
  return tools.flatMap((tool) => {
    const without = componentsWithoutAiShare(tool, rows)
    const components = tool.components.filter((c) => !without.includes(c))
    return components.length > 0 ? [{ name: tool.name, components }] : []
  })
}

/** The form's rows for a song's tools: every row, the empty ones after the named. */
export function aiToolFormRows(tools: readonly AiTool[] | null | undefined) {
  return Array.from({ length: MAX_AI_TOOLS }, (_, index) => {
    const tool = tools?.[index]
    return { name: tool?.name ?? '', components: tool ? [...tool.components] : [] }
  })
}
