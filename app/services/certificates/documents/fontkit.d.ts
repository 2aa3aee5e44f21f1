// fontkit ships no types; pdfkit parses fonts with it, and the PDFs ask it only this.
declare module 'fontkit' {
  export interface Font {
    readonly postscriptName: string
    hasGlyphForCodePoint(codePoint: number): boolean
    variationAxes: Record<string, { min: number; default: number; max: number } | undefined>
    getVariation(settings: Record<string, number>): Font
  }
  export function create(buffer: Buffer): Font
}
