import type { Reporter, TestModule } from 'vitest/node'

/**
 * Prints the 15 slowest test files at the end of every run (issue 36: measure before cutting).
 * "set-up" is the setup file plus importing the test module; "tests" is every test and hook.
 */
export default class SlowestFiles implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const rows = modules.map((module) => {
      const d = module.diagnostic()
      const setUp =
        d.environmentSetupDuration + d.prepareDuration + d.setupDuration + d.collectDuration
      return { file: module.relativeModuleId, setUp, tests: d.duration, total: setUp + d.duration }
    })
    rows.sort((a, b) => b.total - a.total)
    const sum = rows.reduce((total, row) => total + row.total, 0)
    const setUpSum = rows.reduce((total, row) => total + row.setUp, 0)
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`
    const lines = rows
      .slice(0, 15)
      .map(
        (row) =>
          `  ${s(row.total).padStart(8)}  (set-up ${s(row.setUp)}, tests ${s(row.tests)})  ${row.file}`,
      )
    console.log(
      `\nThe 15 slowest of ${rows.length} test files (${s(sum)} of file time in all, ${s(setUpSum)} of it set-up):\n${lines.join('\n')}\n`,
    )
  }
}
