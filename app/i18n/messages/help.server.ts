// The help area's English (decision 120): the source its catalogues translate
// (app/i18n/locales/<lang>/help.po). Server-only: pages get these as their loaders' data.
export const help = {} as const
