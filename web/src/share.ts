/** Share links: the format lives in src/report/share-link.ts, where the GitHub Action builds them too (issue 42). */
export { encodeShare, decodeShare, workFromHash, isSharePath, SHARE_PARAM, SHARE_LIMITS, ShareLinkError, type SharedWork } from '../../src/report/share-link.js';
