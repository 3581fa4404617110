/**
 * Messages of area `pagesApp.*`: the web app published beside the reports on
 * the Action's GitHub Pages site (issue 26 item 6), in English and Japanese.
 */
export const en = {
  'pagesApp.optApp': 'with --pages: also publish this web app folder (dist-web/) at app/ of the site, linked from the index',
  'pagesApp.openApp': 'Open the web app (run experiments in the browser, nothing to install)',
  'pagesApp.notApp': 'not a built web app folder (no index.html and app.js)',
  'pagesApp.appAllowed': 'the dist-web/ folder `npm run build:web` writes',
  'pagesApp.siteTooBig': "the repository's experiments, scenarios, rulesets and baselines come to {size} MiB, over the {max} MiB the published web app carries: the app is published with the shipped examples only. Narrow the action's experiments input or move large files out of scenarios/",
} as const;

export const ja: Record<keyof typeof en, string> = {
  'pagesApp.optApp': '--pages と一緒に: この Web アプリのフォルダ（dist-web/）もサイトの app/ に公開し、一覧ページからリンクする',
  'pagesApp.openApp': 'Web アプリを開く（ブラウザーで実験を実行、インストール不要）',
  'pagesApp.notApp': 'ビルド済みの Web アプリのフォルダではありません（index.html と app.js がない）',
  'pagesApp.appAllowed': '`npm run build:web` が書き出す dist-web/ フォルダ',
  'pagesApp.siteTooBig': 'このリポジトリの実験・シナリオ・ルールセット・ベースラインが合計 {size} MiB あり、公開する Web アプリに入れられる上限 {max} MiB を超えています。Web アプリは同梱の例だけで公開します。Action の experiments 入力を絞るか、大きなファイルを scenarios/ の外へ移してください',
};
