// The dashboard area's English (decision 120): the source its catalogues translate
// (app/i18n/locales/<lang>/dashboard.po). Server-only: pages get these as their loaders' data.
export const dashboard = {} as const
