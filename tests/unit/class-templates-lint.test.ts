import path from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, test } from 'vitest'

// Issue 31 item 3: `${status ? 'mt-2' : ''}text-3xl` made the class `mt-2text-3xl` and the 404
// heading lost its size. The project's own lint configuration must refuse that shape.
const eslint = new ESLint({ cwd: path.resolve(__dirname, '../..') })
const RULE = 'class-templates/no-glued-classes'

async function problems(source: string) {
  const [result] = await eslint.lintText(source, { filePath: 'app/components/lint-probe.tsx' })
  return result!.messages.filter((message) => message.ruleId === RULE).length
}

describe('class templates keep a space between a value and the text around it', () => {
  test.each([
    ["<h1 className={`${on ? 'mt-2' : ''}text-3xl`} />", 1],
    ['<p className={`text-sm${tone}`} />', 1],
    ['<p className={`a ${b}c ${d}`} />', 1],
  ])('refused: %s', async (jsx, count) => {
    expect(await problems(`export const X = ({ on, tone, b, d }) => ${jsx}\n`)).toBe(count)
  })

  test.each([
    "<h1 className={`${on ? 'mt-2' : ''} text-3xl`} />",
    '<p className={`text-sm ${tone}`} />',
    '<p className={`${tone}`} />',
    "<a href={`/songs/${id}edit`} className='x' />",
  ])('allowed: %s', async (jsx) => {
    expect(await problems(`export const X = ({ on, tone, id }) => ${jsx}\n`)).toBe(0)
  })
})
