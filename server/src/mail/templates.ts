import type { Language } from '@butterfic/contract';
import { mailDateTime } from './dates';

type Template = { subject: string; text: (code: string, minutes: number) => string };

/** The verification mail in the account's language. */
const VERIFICATION: Record<Language, Template> = {
  en: {
    subject: 'Your Butterfic verification code',
    text: (code, minutes) =>
      `Hi!\n\nYour Butterfic verification code is ${code}\n\nIt is valid for ${minutes} minutes. If you did not ask for it, you can ignore this mail.\n\n— Butterfic`,
  },
  'zh-CN': {
    subject: 'Butterfic 邮箱验证码',
    text: (code, minutes) =>
      `你好！\n\n你的 Butterfic 验证码是 ${code}\n\n验证码 ${minutes} 分钟内有效。如果这不是你本人的操作，请忽略本邮件。\n\n— Butterfic`,
  },
  'zh-TW': {
    subject: 'Butterfic 電子郵件驗證碼',
    text: (code, minutes) =>
      `你好：\n\n你的 Butterfic 驗證碼是 ${code}\n\n驗證碼在 ${minutes} 分鐘內有效。如果你沒有申請驗證碼，請直接忽略這封信。\n\n— Butterfic`,
  },
  ko: {
    subject: 'Butterfic 인증번호 안내',
    text: (code, minutes) =>
      `안녕하세요.\n\nButterfic 인증번호는 ${code}입니다.\n\n인증번호는 ${minutes}분 동안 유효합니다. 직접 요청하지 않으셨다면 이 메일을 무시하셔도 됩니다.\n\nButterfic 드림`,
  },
  ja: {
    subject: 'Butterfic 認証コード',
    text: (code, minutes) =>
      `こんにちは。\n\nButterfic の認証コードは ${code} です。\n\nコードの有効期限は${minutes}分です。お心当たりがない場合は、このメールを無視してください。\n\nButterfic 運営チーム`,
  },
};

export function verificationMail(lang: Language, code: string, minutes: number): { subject: string; text: string } {
  const template = VERIFICATION[lang] ?? VERIFICATION.en;
  return { subject: template.subject, text: template.text(code, minutes) };
}

/** The password-reset mail in the account's language. */
const RESET: Record<Language, Template> = {
  en: {
    subject: 'Reset your Butterfic password',
    text: (code, minutes) =>
      `Hi!\n\nSomeone asked to reset the password of your Butterfic account. Your code is ${code}\n\nIt is valid for ${minutes} minutes. If it was not you, ignore this mail: your password stays as it is.\n\n— Butterfic`,
  },
  'zh-CN': {
    subject: '重置你的 Butterfic 密码',
    text: (code, minutes) =>
      `你好！\n\n有人申请重置你的 Butterfic 账号密码，验证码是 ${code}\n\n验证码 ${minutes} 分钟内有效。如果这不是你本人的操作，请忽略本邮件，你的密码不会改变。\n\n— Butterfic`,
  },
  'zh-TW': {
    subject: '重設你的 Butterfic 密碼',
    text: (code, minutes) =>
      `你好：\n\n有人申請重設你的 Butterfic 帳號密碼，驗證碼是 ${code}\n\n驗證碼在 ${minutes} 分鐘內有效。如果不是你申請的，請直接忽略這封信，你的密碼不會變更。\n\n— Butterfic`,
  },
  ko: {
    subject: 'Butterfic 비밀번호 재설정',
    text: (code, minutes) =>
      `안녕하세요.\n\nButterfic 계정의 비밀번호 재설정이 요청되었습니다. 인증번호는 ${code}입니다.\n\n인증번호는 ${minutes}분 동안 유효합니다. 직접 요청하지 않으셨다면 이 메일을 무시하셔도 됩니다. 비밀번호는 바뀌지 않습니다.\n\nButterfic 드림`,
  },
  ja: {
    subject: 'Butterfic パスワードの再設定',
    text: (code, minutes) =>
      `こんにちは。\n\nButterfic アカウントのパスワード再設定が申請されました。コードは ${code} です。\n\nコードの有効期限は${minutes}分です。お心当たりがない場合は、このメールを無視してください。パスワードは変更されません。\n\nButterfic 運営チーム`,
  },
};

export function resetMail(lang: Language, code: string, minutes: number): { subject: string; text: string } {
  const template = RESET[lang] ?? RESET.en;
  return { subject: template.subject, text: template.text(code, minutes) };
}

/** To an address whose codes were guessed at (issue 25): 20 wrong codes in a day pause codes for a day. */
const CODES_PAUSED: Record<Language, { subject: string; text: (wrong: number) => string }> = {
  en: {
    subject: 'Butterfic: codes for your address are paused for a day',
    text: (wrong) =>
      `Hi!

Someone entered ${wrong} wrong verification or password-reset codes for your Butterfic account today. To keep it safe, no code for your address is accepted for the next 24 hours.

Your password has not changed and you can still log in with it. If it was not you, you do not need to do anything.

— Butterfic`,
  },
  'zh-CN': {
    subject: 'Butterfic：你的邮箱验证码已暂停使用一天',
    text: (wrong) =>
      `你好！

今天有人为你的 Butterfic 账号输错了 ${wrong} 次验证码或重置密码验证码。为了保护你的账号，接下来 24 小时内不再接受这个邮箱的任何验证码。

你的密码没有改变，仍然可以正常登录。如果这不是你本人的操作，无需做任何处理。

— Butterfic`,
  },
  'zh-TW': {
    subject: 'Butterfic：你的電子郵件驗證碼已暫停使用一天',
    text: (wrong) =>
      `你好：

今天有人為你的 Butterfic 帳號輸入了 ${wrong} 次錯誤的驗證碼或重設密碼驗證碼。為了保護你的帳號，接下來 24 小時內不會再接受這個電子郵件地址的任何驗證碼。

你的密碼沒有變更，仍然可以照常登入。如果不是你本人操作，不需要做任何處理。

— Butterfic`,
  },
  ko: {
    subject: 'Butterfic: 이 이메일의 인증번호 사용이 하루 동안 중지되었습니다',
    text: (wrong) =>
      `안녕하세요.

오늘 누군가 Butterfic 계정의 인증번호 또는 비밀번호 재설정 인증번호를 ${wrong}번 잘못 입력했습니다. 계정을 보호하기 위해 앞으로 24시간 동안 이 이메일 주소의 인증번호는 받지 않습니다.

비밀번호는 바뀌지 않았으며 지금처럼 로그인하실 수 있습니다. 직접 하신 일이 아니라면 따로 조치하지 않으셔도 됩니다.

Butterfic 드림`,
  },
  ja: {
    subject: 'Butterfic：このメールアドレスのコード入力を1日停止しました',
    text: (wrong) =>
      `こんにちは。

本日、あなたの Butterfic アカウントで認証コードまたはパスワード再設定コードが${wrong}回まちがって入力されました。アカウントを守るため、これから24時間はこのメールアドレスのコードを受け付けません。

パスワードは変更されていないので、これまでどおりログインできます。お心当たりがない場合も、特に操作は必要ありません。

— Butterfic`,
  },
};

export function codesPausedMail(lang: Language, wrong: number): { subject: string; text: string } {
  const template = CODES_PAUSED[lang] ?? CODES_PAUSED.en;
  return { subject: template.subject, text: template.text(wrong) };
}

type Notice = { subject: string; text: (what: string, reason: string) => string };

/** To the reporter's contact address when the reported content was taken down. */
const REPORT_ACTIONED: Record<Language, Notice> = {
  en: {
    subject: 'Your Butterfic report: the content was taken down',
    text: (what, reason) => `Hi!\n\nThank you for your report. We took down ${what}.\n\nReason: ${reason}\n\n— Butterfic`,
  },
  'zh-CN': {
    subject: '你的 Butterfic 举报：内容已下架',
    text: (what, reason) => `你好！\n\n感谢你的举报。我们已下架${what}。\n\n原因：${reason}\n\n— Butterfic`,
  },
  'zh-TW': {
    subject: '你的 Butterfic 檢舉：內容已下架',
    text: (what, reason) => `你好！\n\n感謝你的檢舉。我們已下架${what}。\n\n原因：${reason}\n\n— Butterfic`,
  },
  ko: {
    subject: 'Butterfic 신고 결과: 게시가 중단되었습니다',
    text: (what, reason) => `안녕하세요.\n\n신고해 주셔서 감사합니다. ${what}의 게시를 중단했습니다.\n\n사유: ${reason}\n\nButterfic 드림`,
  },
  ja: {
    subject: 'Butterfic へのご通報：コンテンツを公開停止にしました',
    text: (what, reason) => `こんにちは。\n\nご通報ありがとうございます。${what}を公開停止にしました。\n\n理由：${reason}\n\nButterfic 運営チーム`,
  },
};

/** To the author when an operator took their content down. */
const TAKEN_DOWN: Record<Language, Notice> = {
  en: {
    subject: 'Your Butterfic content was taken down',
    text: (what, reason) =>
      `Hi!\n\nAn operator took down ${what}. Only you can still see it.\n\nReason: ${reason}\n\nIf you think this is a mistake, reply to this mail.\n\n— Butterfic`,
  },
  'zh-CN': {
    subject: '你在 Butterfic 的内容已被下架',
    text: (what, reason) =>
      `你好！\n\n管理员已下架${what}，现在只有你能看到。\n\n原因：${reason}\n\n如果你认为这是误判，请回复本邮件。\n\n— Butterfic`,
  },
  'zh-TW': {
    subject: '你在 Butterfic 的內容已被下架',
    text: (what, reason) =>
      `你好！\n\n管理員已下架${what}，現在只有你看得到。\n\n原因：${reason}\n\n如果你認為這是誤判，請回覆這封郵件。\n\n— Butterfic`,
  },
  ko: {
    subject: 'Butterfic 콘텐츠의 게시가 중단되었습니다',
    text: (what, reason) =>
      `안녕하세요.\n\n운영자가 ${what}의 게시를 중단했습니다. 이제 회원님만 볼 수 있습니다.\n\n사유: ${reason}\n\n잘못된 조치라고 생각되시면 이 메일에 답장해 주십시오.\n\nButterfic 드림`,
  },
  ja: {
    subject: 'Butterfic のコンテンツが公開停止になりました',
    text: (what, reason) =>
      `こんにちは。\n\n運営が${what}を公開停止にしました。現在はあなただけが閲覧できます。\n\n理由：${reason}\n\n誤りだと思われる場合は、このメールにご返信ください。\n\nButterfic 運営チーム`,
  },
};

/** To an account an operator warned, suspended or banned. */
const ACCOUNT_NOTICE: Record<Language, Notice> = {
  en: { subject: 'A notice about your Butterfic account', text: (what, reason) => `Hi!\n\n${what}\n\nReason: ${reason}\n\n— Butterfic` },
  'zh-CN': { subject: '关于你的 Butterfic 账号的通知', text: (what, reason) => `你好！\n\n${what}\n\n原因：${reason}\n\n— Butterfic` },
  'zh-TW': { subject: '關於你的 Butterfic 帳號的通知', text: (what, reason) => `你好！\n\n${what}\n\n原因：${reason}\n\n— Butterfic` },
  ko: { subject: 'Butterfic 계정 관련 안내', text: (what, reason) => `안녕하세요.\n\n${what}\n\n사유: ${reason}\n\nButterfic 드림` },
  ja: {
    subject: 'Butterfic アカウントに関するお知らせ',
    text: (what, reason) => `こんにちは。\n\n${what}\n\n理由：${reason}\n\nButterfic 運営チーム`,
  },
};

const ACCOUNT_WHAT: Record<Language, Record<'warn' | 'suspend' | 'ban', (until: string) => string>> = {
  en: {
    warn: () => 'This is a warning from the Butterfic operators about content or behaviour that breaks the user agreement.',
    suspend: (until) => `Your account is suspended until ${until}.`,
    ban: () => 'Your account is banned.',
  },
  'zh-CN': {
    warn: () => '这是 Butterfic 管理员的警告：你的内容或行为违反了用户协议。',
    suspend: (until) => `你的账号已被暂停使用，将于${until}恢复。`,
    ban: () => '你的账号已被封禁。',
  },
  'zh-TW': {
    warn: () => '這是 Butterfic 管理員的警告：你的內容或行為違反了使用者條款。',
    suspend: (until) => `你的帳號已被停權至${until}。`,
    ban: () => '你的帳號已被永久停權。',
  },
  ko: {
    warn: () => 'Butterfic 운영자가 드리는 경고입니다. 회원님의 콘텐츠 또는 활동이 이용약관을 위반했습니다.',
    suspend: (until) => `회원님의 계정은 ${until}까지 이용이 정지되었습니다.`,
    ban: () => '회원님의 계정은 영구 정지되었습니다.',
  },
  ja: {
    warn: () => 'Butterfic 運営からの警告です。あなたのコンテンツまたは行為が利用規約に違反しています。',
    suspend: (until) => `あなたのアカウントは${until}まで停止されています。`,
    ban: () => 'あなたのアカウントは凍結されました。',
  },
};

const CONTENT_WORDS: Record<Language, Record<'post' | 'persona' | 'novel', (title: string) => string>> = {
  en: { post: (t) => `the post "${t}"`, persona: (t) => `the persona "${t}"`, novel: (t) => `the story "${t}"` },
  'zh-CN': { post: (t) => `帖子《${t}》`, persona: (t) => `人设“${t}”`, novel: (t) => `故事《${t}》` },
  'zh-TW': { post: (t) => `貼文《${t}》`, persona: (t) => `角色設定「${t}」`, novel: (t) => `故事《${t}》` },
  ko: { post: (t) => `게시물 ‘${t}’`, persona: (t) => `페르소나 ‘${t}’`, novel: (t) => `이야기 ‘${t}’` },
  ja: { post: (t) => `投稿「${t}」`, persona: (t) => `ペルソナ「${t}」`, novel: (t) => `物語「${t}」` },
};

/** A post, persona or story named in a moderation mail, in the reader's language. */
export function describeContent(lang: Language, kind: 'post' | 'persona' | 'novel', title: string): string {
  return CONTENT_WORDS[lang][kind](title);
}

export function reportActionedMail(lang: Language, what: string, reason: string): { subject: string; text: string } {
  const t = REPORT_ACTIONED[lang] ?? REPORT_ACTIONED.en;
  return { subject: t.subject, text: t.text(what, reason) };
}

export function takenDownMail(lang: Language, what: string, reason: string): { subject: string; text: string } {
  const t = TAKEN_DOWN[lang] ?? TAKEN_DOWN.en;
  return { subject: t.subject, text: t.text(what, reason) };
}

/**
 * The notice of a warning, suspension or ban; a suspension's end in the reader's language and time zone
 * (`timeZone`, an IANA name; accounts store none yet, so by default the language's market zone, UTC in English).
 */
export function accountNoticeMail(
  lang: Language,
  action: 'warn' | 'suspend' | 'ban',
  reason: string,
  until: Date | null,
  { timeZone }: { timeZone?: string | undefined } = {},
): { subject: string; text: string } {
  const t = ACCOUNT_NOTICE[lang] ?? ACCOUNT_NOTICE.en;
  const what = (ACCOUNT_WHAT[lang] ?? ACCOUNT_WHAT.en)[action](until ? mailDateTime(until, { language: lang, timeZone }) : '');
  return { subject: t.subject, text: t.text(what, reason) };
}
