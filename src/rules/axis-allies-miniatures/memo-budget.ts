/**
 * The memory the A&A engine's tables of remembered play may take in one worker thread (issue 27: memory stays flat;
 * phase-memo.ts with its answer trie). Module state: each piscina worker, like the main thread,
 * loads its own copy of this module and so has its own budget. A runner builds a table only while the budget allows;
 * runners beyond it play without one (only slower), so a thread that builds many runners (a search) stays within it.
 */
let bytesLeft = 240 * 1024 * 1024;

/** Take `bytes` of the budget: false (nothing taken) when fewer are left. */
export function takeMemoBytes(bytes: number): boolean {
  if (bytes > bytesLeft) return false;
  bytesLeft -= bytes;
  return true;
}
