// The pdf area's English (decision 120): the source its catalogues translate
// (app/i18n/locales/<lang>/pdf.po). Server-only: pages get these as their loaders' data.
export const pdf = {} as const
