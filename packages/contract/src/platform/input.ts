import { z } from 'zod';

/** Ours: the spec has no text for it. */
export const NUL_MESSAGE = 'Text cannot contain the NUL character (\\u0000).';

/** The range of PostgreSQL `integer` (int4), the type of every integer column a request writes or pages with. */
export const INT4_MAX = 2_147_483_647;

const withoutNul = (text: string) => !text.includes('\u0000');

/**
 * The string every request schema is built from (fields, query and path parameters): PostgreSQL
 * text cannot hold NUL (U+0000), so a request carrying one is refused here with 400 instead of
 * failing in the database with 500. Any other character is kept.
 */
export const ZText = z.string().refine(withoutNul, NUL_MESSAGE);

/** A URL in a request: `z.url()` lets NUL through in the path. */
export const ZUrlText = z.url().refine(withoutNul, NUL_MESSAGE);
