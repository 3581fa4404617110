/**
 * Stated limits on input (issue 29 item 11), documented in the README ("Limits"). Each is far above what a
 * hand-written experiment needs and far below what would exhaust memory or time; going over one is an
 * {@link InputError} naming the file, line and path, never a crash or a hang.
 */

/** Largest experiment, scenario or other input file read, in bytes (2 MiB; the largest shipped file is ~22 KB). */
export const MAX_INPUT_FILE_BYTES = 2 * 1024 * 1024;
