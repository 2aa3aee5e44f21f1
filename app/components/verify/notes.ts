import { useT } from '~/i18n/react'
import type { GlossaryNote } from '~/lib/glossary/note'
import { LAMPORTS } from '~/lib/glossary/lamports'
import { MANIFEST } from '~/lib/glossary/manifest'
import { RFC_3161 } from '~/lib/glossary/rfc-3161'
import { SHA_256 } from '~/lib/glossary/sha-256'
import { SOL } from '~/lib/glossary/sol'

// The verify page's glossary notes (issue 39.13) in the page's language: each sentence with the
// word it defines as that language writes it ("Manifest", "マニフェスト"), which TermNote marks.

export function useManifestNote(): GlossaryNote {
  const t = useT()
  return { ...MANIFEST, sentence: t('verify.note.manifest'), word: t('verify.note.manifest.word') }
}

export function useSha256Note(): GlossaryNote {
  const t = useT()
  return { ...SHA_256, sentence: t('verify.note.sha256') }
}

export function useSolNote(): GlossaryNote {
  const t = useT()
  return { ...SOL, sentence: t('verify.note.sol') }
}

export function useLamportsNote(): GlossaryNote {
  const t = useT()
  return { ...LAMPORTS, sentence: t('verify.note.lamports'), word: t('verify.note.lamports.word') }
}

export function useRfc3161Note(): GlossaryNote {
  const t = useT()
  return { ...RFC_3161, sentence: t('verify.note.rfc3161') }
}
