import type { FormMetadata } from '@conform-to/react'
import type { SongFormFields } from './song-schema'

/**
 * The song form's conform fieldset: the form lays it out and the recording field fills its part.
 * A type of its own, below both components, so neither imports the other for it (issue 27).
 */
export type SongFields = ReturnType<FormMetadata<SongFormFields>['getFieldset']>
