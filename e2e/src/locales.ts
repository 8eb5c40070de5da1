import en from '../../web/src/locales/en.json' with { type: 'json' };
import ja from '../../web/src/locales/ja.json' with { type: 'json' };
import ko from '../../web/src/locales/ko.json' with { type: 'json' };
import zhCN from '../../web/src/locales/zh-CN.json' with { type: 'json' };
import zhTW from '../../web/src/locales/zh-TW.json' with { type: 'json' };

/** The app's own translations, so tests find buttons by the text a user sees. */
export const texts = { en, ja, ko, 'zh-CN': zhCN, 'zh-TW': zhTW } as const;
