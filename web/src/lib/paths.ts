/** Every route of SPEC.md section 2, in one place. */
export const paths = {
  home: '/',
  login: '/login',
  verify: '/verify',
  forgotPassword: '/forgot-password',
  explore: '/explore',
  /** The Read tab: the public post feed (SPEC.md section 2's four-tab reading). */
  read: '/read',
  persona: (id: string) => `/explore/persona/${encodeURIComponent(id)}`,
  /** Not in SPEC.md's table: a persona of one's own, by hand or from character cards. */
  newPersona: '/persona/new',
  post: (id: string) => `/explore/post/${encodeURIComponent(id)}`,
  create: '/article/create',
  createFrom: (id: string) => `/article/create/${encodeURIComponent(id)}`,
  novel: (id: string) => `/article/detail/${encodeURIComponent(id)}`,
  user: '/user',
  changePassword: '/user/change-password',
  works: '/user/work',
  myPosts: '/user/post',
  favourites: '/post',
  work: (id: string) => `/myworks/detail/${encodeURIComponent(id)}`,
  myPost: (id: string) => `/myposts/detail/${encodeURIComponent(id)}`,
  newPost: '/newpost',
  newPostFor: (id: string) => `/newpost/bind/${encodeURIComponent(id)}`,
  changeLanguage: '/change-language',
  agreement: '/user-agreement',
  about: '/about-us',
  /** Not in SPEC.md's table: the Japanese 特定商取引法に基づく表記 (commercial disclosure), linked from /recharge and /about-us. */
  commerceLaw: '/legal/commerce',
  /** Not in SPEC.md's table: the Korean 개인정보 처리방침 (개인정보 보호법 art. 30), linked from the Korean agreement and /about-us. */
  koreanPrivacy: '/legal/privacy-ko',
  redeem: '/redeem',
  invitation: '/invitation-code',
  recharge: '/recharge',
  rechargeComplete: '/recharge/complete',
  payout: (product: string) => `/payout/${encodeURIComponent(product)}`,
  /** Not in SPEC.md's table: the Butter ledger, reached from the profile. */
  transactions: '/user/transactions',
  sample: (slug: string) => `/p/${encodeURIComponent(slug)}`,
  /** Not in SPEC.md's table: the operator console (ADMIN_EMAILS only; a 404 screen for everyone else). */
  admin: '/admin',
} as const;

/** The route patterns of the screens with a parameter (app/router.tsx); each screen reads its parameter by this name. */
export const patterns = {
  createFrom: '/article/create/:articleId',
  persona: '/explore/persona/:personaId',
  post: '/explore/post/:postId',
  novel: '/article/detail/:articleId',
  work: '/myworks/detail/:articleId',
  myPost: '/myposts/detail/:postId',
  newPostFor: '/newpost/bind/:articleId',
  payout: '/payout/:product',
  sample: '/p/:slug',
} as const;
