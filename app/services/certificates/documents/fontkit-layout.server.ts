import type { Font } from 'fontkit'
import { planMyanmar } from './fontkit-myanmar.server'

// What fontkit 2.0.4 (under pdfkit) gets wrong when it shapes the scripts of issue 49, put right
// on its classes once per process, through the first font that reaches each (decision 105).
// fontkit is used as it ships elsewhere; each fix says which text it was found on.

interface Coverage {
  version: number
}
interface LookupFlags {
  flags?: Record<string, boolean>
  markAttachmentType?: number
}
interface Lookup {
  lookupType: number
  flags: LookupFlags
  subTables: ReverseChainTable[]
}
interface ReverseChainTable {
  coverage: Coverage
  backtrackCoverage: Coverage[]
  lookaheadCoverage: Coverage[]
  substitutes: number[]
}
interface GlyphInfo {
  id: number
  features: Record<string, unknown>
}
interface GlyphIterator {
  index: number
  reset(options: LookupFlags, index?: number): void
  shouldIgnore(glyph: GlyphInfo): boolean
  move(direction: number): GlyphInfo | null
}
type FeatureLookup = { feature: string; lookup: Lookup }
interface Processor {
  glyphIterator: GlyphIterator
  currentFeature: string
  coverageIndex(coverage: Coverage, glyph?: number): number
  applyLookups(lookups: FeatureLookup[], glyphs: GlyphInfo[], positions: unknown[]): void
  applyAnchor(markRecord: { markAnchor: object | null }, base: object | null, index: number): void
}
interface Struct {
  versions: Record<number, Record<string, unknown>>
}
interface ShapingPlan {
  script: string
  allFeatures: Record<string, boolean>
}
interface Shaper {
  new (): object
  plan(plan: ShapingPlan, glyphs: unknown[], features: Record<string, boolean>): void
}
interface GlyphRun {
  features: Record<string, boolean>
  direction: string
}
interface Engine {
  font: unknown
  GSUBProcessor?: Processor & { scriptTag?: string }
  GPOSProcessor?: Processor
  shaper: Shaper
  plan: ShapingPlan
  glyphInfos: unknown[]
  setup(glyphRun: GlyphRun): void
}
interface LaidOutFont {
  _layoutEngine?: { engine?: Engine }
  GSUB?: {
    lookupList?: { type?: { type?: { fields?: { subTables?: { type?: { type?: Struct } } } } } }
  }
}

const prototypeOf = (object: object) => Object.getPrototypeOf(object) as Processor

// A base glyph may leave a mark class without an anchor (a null offset, as OpenType allows):
// Noto Sans Telugu, Kannada and Malayalam do, and fontkit read the anchor's coordinates anyway,
// so laying out "శ్రీనివాస్" threw a TypeError. There the mark is not attached by that lookup, as
// in HarfBuzz.
let anchors = false
function skipMissingAnchors(engine: Engine) {
  if (anchors || !engine.GPOSProcessor) return
  const prototype = prototypeOf(engine.GPOSProcessor)
  const applyAnchor = prototype.applyAnchor
  prototype.applyAnchor = function (markRecord, base, index) {
    if (base && markRecord.markAnchor) applyAnchor.call(this, markRecord, base, index)
  }
  anchors = true
}

// Reverse chaining single substitution (GSUB lookup type 8): fontkit's description of the table
// lacks its backtrack count, so reading one threw "Not a fixed size", and it applies no such
// lookup. Noto Sans Mongolian chooses letter forms with one (its `calt` and `rclt`): "ᠪᠠᠲᠤ" could
// not be laid out at all. The table is read with its count, and the lookup applied from the last
// glyph back, each glyph's backtrack read towards the start and its lookahead towards the end.
let reverseChaining = false
function readReverseChaining(font: LaidOutFont) {
  const lookup = font.GSUB?.lookupList?.type?.type?.fields?.subTables?.type?.type
  const fields = lookup?.versions[8]
  if (!lookup || !fields || 'backtrackGlyphCount' in fields) return
  const { substFormat, coverage, ...rest } = fields
  // The backtrack coverages' array is counted by the field added, which must come before it.
  lookup.versions[8] = { substFormat, coverage, backtrackGlyphCount: substFormat, ...rest }
}
function applyReverseChaining(engine: Engine) {
  if (reverseChaining || !engine.GSUBProcessor) return
  const prototype = prototypeOf(engine.GSUBProcessor)
  const applyLookups = prototype.applyLookups
  prototype.applyLookups = function (lookups, glyphs, positions) {
    // fontkit's own loop for the other lookups, in the same order.
    applyLookups.call(this, [], glyphs, positions)
    let others: FeatureLookup[] = []
    for (const entry of lookups) {
      if (entry.lookup.lookupType !== 8) {
        others.push(entry)
        continue
      }
      applyLookups.call(this, others, glyphs, positions)
      others = []
      reverse(this, entry, glyphs)
    }
    applyLookups.call(this, others, glyphs, positions)
  }
  reverseChaining = true
}
function reverse(processor: Processor, { feature, lookup }: FeatureLookup, glyphs: GlyphInfo[]) {
  processor.currentFeature = feature
  const iterator = processor.glyphIterator
  const matches = (index: number, coverages: Coverage[], direction: 1 | -1) => {
    iterator.reset(lookup.flags, index)
    return coverages.every((coverage) => {
      const glyph = iterator.move(direction)
      return glyph !== null && processor.coverageIndex(coverage, glyph.id) >= 0
    })
  }
  for (let index = glyphs.length - 1; index >= 0; index--) {
    const glyph = glyphs[index]
    iterator.reset(lookup.flags, index)
    if (!glyph || !(feature in glyph.features) || iterator.shouldIgnore(glyph)) continue
    for (const table of lookup.subTables) {
      const covered = processor.coverageIndex(table.coverage, glyph.id)
      if (covered < 0) continue
      if (!matches(index, table.backtrackCoverage, -1)) continue
      if (!matches(index, table.lookaheadCoverage, 1)) continue
      glyph.id = table.substitutes[covered] ?? glyph.id
      break
    }
  }
}

// fontkit has no Myanmar shaper: a Myanmar run is shaped as Latin is, in stored order
// (fontkit-myanmar.server.ts says what went wrong). fontkit picks a shaper by the script tag of the
// font's GSUB table; once a run is set up under the Myanmar tags, it is planned again with the
// Myanmar shaper, built on the shaper fontkit chose (its default one).
const MYANMAR_TAGS = new Set(['mym2', 'mymr'])
let myanmarShaper: Shaper | undefined
let myanmar = false
function shapeMyanmar(engine: Engine) {
  if (myanmar) return
  const prototype = Object.getPrototypeOf(engine) as Engine
  const setup = prototype.setup
  prototype.setup = function (this: Engine, glyphRun) {
    const requested = { ...glyphRun.features }
    setup.call(this, glyphRun)
    if (!MYANMAR_TAGS.has(this.GSUBProcessor?.scriptTag ?? '')) return
    myanmarShaper ??= class extends this.shaper {
      static planFeatures(plan: unknown) {
        planMyanmar(plan as Parameters<typeof planMyanmar>[0])
      }
      // As HarfBuzz does for Myanmar: marks take no width, before positioning.
      static zeroMarkWidths = 'BEFORE_GPOS'
    }
    // Planned again from the features asked for, not those the first plan added.
    for (const key of Object.keys(glyphRun.features))
      if (!(key in requested)) delete glyphRun.features[key]
    const Plan = this.plan.constructor as new (
      font: unknown,
      script: string,
      direction: string,
    ) => ShapingPlan
    this.shaper = myanmarShaper
    this.plan = new Plan(this.font, this.plan.script, glyphRun.direction)
    myanmarShaper.plan(this.plan, this.glyphInfos, glyphRun.features)
    for (const key of Object.keys(this.plan.allFeatures)) glyphRun.features[key] = true
  }
  myanmar = true
}

/** Puts fontkit's layout right for this font's tables; `font` is any parsed font. */
export function fixLayout(font: Font) {
  const laidOut = font as unknown as LaidOutFont
  readReverseChaining(laidOut)
  const engine = laidOut._layoutEngine?.engine
  if (!engine) return
  skipMissingAnchors(engine)
  applyReverseChaining(engine)
  shapeMyanmar(engine)
}
