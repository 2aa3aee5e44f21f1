// Loaded into a test server with `node --import`: its clock reads PROOFTRACK_TEST_CLOCK at start
// and runs on from there, so a browser test can see what the pages print just after midnight UTC
// (issue 32) without waiting for midnight. Only `Date` moves; timers and the event loop do not.
const target = process.env.PROOFTRACK_TEST_CLOCK
if (target) {
  const offset = Date.parse(target) - Date.now()
  if (Number.isNaN(offset)) throw new Error(`PROOFTRACK_TEST_CLOCK is not a time: ${target}`)
  const RealDate = Date
  class ShiftedDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(RealDate.now() + offset)
      else super(...args)
    }
    static now() {
      return RealDate.now() + offset
    }
  }
  globalThis.Date = ShiftedDate
}
