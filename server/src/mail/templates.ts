import type { Language } from '@butterfic/contract';

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
      `你好！\n\n你的 Butterfic 驗證碼是 ${code}\n\n驗證碼 ${minutes} 分鐘內有效。如果這不是你本人的操作，請忽略這封郵件。\n\n— Butterfic`,
  },
  ko: {
    subject: 'Butterfic 인증 코드',
    text: (code, minutes) =>
      `안녕하세요!\n\nButterfic 인증 코드는 ${code} 입니다.\n\n코드는 ${minutes}분 동안 유효합니다. 요청하지 않으셨다면 이 메일을 무시하셔도 됩니다.\n\n— Butterfic`,
  },
  ja: {
    subject: 'Butterfic 認証コード',
    text: (code, minutes) =>
      `こんにちは！\n\nButterfic の認証コードは ${code} です。\n\nコードの有効期限は ${minutes} 分です。お心当たりがない場合は、このメールを無視してください。\n\n— Butterfic`,
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
      `你好！\n\n有人申請重設你的 Butterfic 帳號密碼，驗證碼是 ${code}\n\n驗證碼 ${minutes} 分鐘內有效。如果這不是你本人的操作，請忽略這封郵件，你的密碼不會變更。\n\n— Butterfic`,
  },
  ko: {
    subject: 'Butterfic 비밀번호 재설정',
    text: (code, minutes) =>
      `안녕하세요!\n\nButterfic 계정의 비밀번호 재설정이 요청되었습니다. 코드는 ${code} 입니다.\n\n코드는 ${minutes}분 동안 유효합니다. 직접 요청하지 않으셨다면 이 메일을 무시하세요. 비밀번호는 바뀌지 않습니다.\n\n— Butterfic`,
  },
  ja: {
    subject: 'Butterfic パスワードの再設定',
    text: (code, minutes) =>
      `こんにちは！\n\nButterfic アカウントのパスワード再設定が申請されました。コードは ${code} です。\n\nコードの有効期限は ${minutes} 分です。お心当たりがない場合は、このメールを無視してください。パスワードは変更されません。\n\n— Butterfic`,
  },
};

export function resetMail(lang: Language, code: string, minutes: number): { subject: string; text: string } {
  const template = RESET[lang] ?? RESET.en;
  return { subject: template.subject, text: template.text(code, minutes) };
}
