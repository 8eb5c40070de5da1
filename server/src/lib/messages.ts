import type { ErrorName, Language } from '@butterfic/contract';

type Table = Record<
  | ErrorName
  | 'success'
  | 'routeNotFound'
  | 'bodyTooLarge'
  | 'badJson'
  | 'unsupportedMedia'
  | 'invalidEmail'
  | 'passwordTooShort'
  | 'passwordTooLong'
  | 'invalidField'
  | 'unstorableText'
  | 'adminProtected'
  | 'minorRefused'
  | 'sexualRefused'
  | 'novelBusy'
  | 'nothingToContinue'
  | 'chapterChanged'
  | 'selectionOutside'
  | 'adultOnly'
  | 'codeRedeemedBefore'
  | 'codeReciprocal'
  | 'nameIsEmail'
  | 'codesPaused'
  | 'paymentsDisabled'
  | 'redeemed'
  | 'invitationAccepted'
  | 'invitationNoReward'
  | 'unavailable'
  | 'moderationUnavailable'
  | 'nameRefused'
  | 'tooManyStreams'
  | 'inDebt'
  | 'checkoutHeld'
  | 'checkoutInDebt'
  | 'deliveryConsentRequired'
  | 'takenDownText'
  | 'takenDownNovel',
  Record<Language, string>
>;

/** status_msg texts in the five languages. `{name}` placeholders are filled from AppError params. */
export const MESSAGES: Table = {
  success: { en: 'success', 'zh-CN': 'success', 'zh-TW': 'success', ko: 'success', ja: 'success' },
  invalidInput: {
    en: 'Some of the information sent is not valid.',
    'zh-CN': '提交的信息有误，请检查后重试。',
    'zh-TW': '送出的資料有誤，請檢查後再試一次。',
    ko: '보낸 정보 중 올바르지 않은 항목이 있어요.',
    ja: '送信された内容に正しくない項目があります。',
  },
  invalidEmail: {
    en: 'The e-mail address is not valid: enter it alone, like name@example.com.',
    'zh-CN': '邮箱地址无效：请只填写地址本身，例如 name@example.com。',
    'zh-TW': '電子郵件地址無效：請只填寫地址本身，例如 name@example.com。',
    ko: '이메일 주소가 올바르지 않아요. name@example.com처럼 주소만 입력해 주세요.',
    ja: 'メールアドレスが正しくありません。name@example.com のようにアドレスだけを入力してください。',
  },
  passwordTooShort: {
    en: 'The password must be at least {min} characters long.',
    'zh-CN': '密码至少需要 {min} 个字符。',
    'zh-TW': '密碼至少需要 {min} 個字元。',
    ko: '비밀번호는 {min}자 이상이어야 해요.',
    ja: 'パスワードは{min}文字以上にしてください。',
  },
  passwordTooLong: {
    en: 'The password can be at most {max} characters long.',
    'zh-CN': '密码最多 {max} 个字符。',
    'zh-TW': '密碼最多 {max} 個字元。',
    ko: '비밀번호는 {max}자 이하여야 해요.',
    ja: 'パスワードは{max}文字以内にしてください。',
  },
  invalidField: {
    en: 'Some of the information sent is not valid: check “{field}”.',
    'zh-CN': '提交的信息有误，请检查“{field}”。',
    'zh-TW': '送出的資料有誤，請檢查「{field}」。',
    ko: '보낸 정보 중 올바르지 않은 항목이 있어요: ‘{field}’을(를) 확인해 주세요.',
    ja: '送信された内容に正しくない項目があります：「{field}」を確認してください。',
  },
  unstorableText: {
    en: '“{field}” holds a character that cannot be saved (a NUL or a broken character): remove it and try again.',
    'zh-CN': '“{field}”中含有无法保存的字符（空字符或损坏的字符），请删除后重试。',
    'zh-TW': '「{field}」中含有無法儲存的字元（空字元或損壞的字元），請刪除後再試一次。',
    ko: '‘{field}’에 저장할 수 없는 문자(NUL 또는 깨진 문자)가 있어요. 지운 뒤 다시 시도해 주세요.',
    ja: '「{field}」に保存できない文字（NUL 文字または壊れた文字）が含まれています。削除してもう一度お試しください。',
  },
  adminProtected: {
    en: 'An admin cannot suspend or ban another admin. The operator can, with the command line.',
    'zh-CN': '管理员不能暂停或封禁其他管理员。运营者可以通过命令行操作。',
    'zh-TW': '管理員不能停權或永久停權其他管理員。營運者可以透過命令列操作。',
    ko: '관리자는 다른 관리자를 정지하거나 영구 정지할 수 없어요. 운영자는 명령줄로 할 수 있어요.',
    ja: '管理者は他の管理者を停止・凍結できません。運営者はコマンドラインから行えます。',
  },
  badJson: {
    en: 'The request body is not valid JSON.',
    'zh-CN': '请求内容不是有效的 JSON。',
    'zh-TW': '請求內容不是有效的 JSON。',
    ko: '요청 본문이 올바른 JSON이 아니에요.',
    ja: 'リクエスト本文が正しい JSON ではありません。',
  },
  bodyTooLarge: {
    en: 'The request is too large.',
    'zh-CN': '请求内容过大。',
    'zh-TW': '請求內容過大。',
    ko: '요청이 너무 커요.',
    ja: 'リクエストが大きすぎます。',
  },
  unsupportedMedia: {
    en: 'Send the request as JSON or as a form.',
    'zh-CN': '请以 JSON 或表单格式发送请求。',
    'zh-TW': '請以 JSON 或表單格式送出請求。',
    ko: 'JSON 또는 폼 형식으로 요청을 보내 주세요.',
    ja: 'JSON またはフォーム形式で送信してください。',
  },
  routeNotFound: {
    en: 'There is no such API call.',
    'zh-CN': '没有这个 API。',
    'zh-TW': '沒有這個 API。',
    ko: '존재하지 않는 API 호출이에요.',
    ja: 'その API はありません。',
  },
  tokenExpired: {
    en: 'Your session has expired. Please try again.',
    'zh-CN': '登录已过期，请重试。',
    'zh-TW': '登入已過期，請再試一次。',
    ko: '로그인이 만료되었어요. 다시 시도해 주세요.',
    ja: 'セッションの有効期限が切れました。もう一度お試しください。',
  },
  tokenInvalid: {
    en: 'Please log in again.',
    'zh-CN': '请重新登录。',
    'zh-TW': '請重新登入。',
    ko: '다시 로그인해 주세요.',
    ja: 'もう一度ログインしてください。',
  },
  wrongPassword: {
    en: 'The password is not correct.',
    'zh-CN': '密码错误。',
    'zh-TW': '密碼錯誤。',
    ko: '비밀번호가 올바르지 않아요.',
    ja: 'パスワードが正しくありません。',
  },
  emailNotVerified: {
    en: 'Please verify your e-mail address first.',
    'zh-CN': '请先验证你的邮箱。',
    'zh-TW': '請先驗證你的電子郵件。',
    ko: '먼저 이메일 주소를 인증해 주세요.',
    ja: '先にメールアドレスを認証してください。',
  },
  accountBlocked: {
    en: 'This account has been suspended or banned.',
    'zh-CN': '该账号已被暂停或封禁。',
    'zh-TW': '這個帳號已被停權或永久停權。',
    ko: '이 계정은 정지되었거나 영구 정지되었어요.',
    ja: 'このアカウントは停止または凍結されています。',
  },
  forbidden: {
    en: 'You are not allowed to do that.',
    'zh-CN': '你没有权限进行此操作。',
    'zh-TW': '你沒有權限進行此操作。',
    ko: '이 작업을 할 권한이 없어요.',
    ja: 'この操作は許可されていません。',
  },
  accountNotFound: {
    en: 'There is no account with this e-mail.',
    'zh-CN': '该邮箱尚未注册。',
    'zh-TW': '這個電子郵件尚未註冊。',
    ko: '이 이메일로 가입된 계정이 없어요.',
    ja: 'このメールアドレスのアカウントはありません。',
  },
  notFound: {
    en: 'Not found.',
    'zh-CN': '内容不存在。',
    'zh-TW': '內容不存在。',
    ko: '찾을 수 없어요.',
    ja: '見つかりません。',
  },
  emailTaken: {
    en: 'This e-mail is already registered.',
    'zh-CN': '该邮箱已被注册。',
    'zh-TW': '這個電子郵件已被註冊。',
    ko: '이미 가입된 이메일이에요.',
    ja: 'このメールアドレスは登録済みです。',
  },
  insufficientButter: {
    en: "Oops? It seems you don't have enough Butter! Please recharge to obtain more Butter!",
    'zh-CN': '你的黄油币不够了。充值后就能继续生成故事。',
    'zh-TW': '你的奶油不夠了。儲值後就能繼續生成故事。',
    ko: '버터가 부족해요. 충전하면 이야기를 계속 생성할 수 있어요.',
    ja: 'バターが足りません。チャージすると続けて生成できます。',
  },
  inDebt: {
    en: 'Your account owes {debt} Butter after a payment was refunded or disputed. Redeem a code to settle it first.',
    'zh-CN': '有一笔付款已退款或被提出争议，你的账号还欠 {debt} 黄油币。请先使用兑换码还清。',
    'zh-TW': '有一筆付款已退款或被提出爭議，你的帳號還欠 {debt} 奶油。請先使用兌換碼還清。',
    ko: '환불되거나 이의 제기된 결제가 있어서 계정에 갚아야 할 버터 {debt}개가 남아 있어요. 먼저 쿠폰 코드로 갚아 주세요.',
    ja: '払い戻しまたは異議申し立てのあった支払いがあるため、アカウントに{debt}バターの未払いがあります。先にシリアルコードで精算してください。',
  },
  checkoutHeld: {
    en: "Purchases are paused while a payment of this account is disputed with the card's bank or reported as fraud. What it bought is held until the bank decides, and comes back if the payment stands.",
    'zh-CN':
      '该账号有一笔付款正被发卡银行提出争议或标记为欺诈交易，处理完之前暂停购买。这笔付款买到的黄油币和无限畅写会先被冻结，银行确认付款有效后会还给你。',
    'zh-TW':
      '這個帳號有一筆付款正被發卡銀行提出爭議或標記為詐欺交易，處理完之前暫停購買。這筆付款買到的奶油和無限暢寫會先被凍結，銀行確認付款有效後會還給你。',
    ko: '이 계정의 결제 한 건이 카드사에 이의 제기되었거나 부정 사용으로 신고되어, 처리될 때까지 구매가 중지돼요. 그 결제로 받은 버터와 무제한 이용권은 카드사의 결정이 날 때까지 보류되며, 결제가 유효하다고 확인되면 돌려드려요.',
    ja: 'このアカウントの支払いがカード会社に異議申し立てされたか、不正利用の疑いを指摘されたため、解決するまで購入を停止しています。その支払いで得たバターと使い放題パスはカード会社の判断が出るまで保留され、支払いが有効と認められれば戻ります。',
  },
  deliveryConsentRequired: {
    en: 'delivery_consent: tick that the Butter is delivered at once and the 7-day cooling-off period does not apply before paying in TWD.',
    'zh-CN': 'delivery_consent：以新台币付款前，请先勾选同意黄油币在付款后立即到账、不适用七天无理由解除。',
    'zh-TW': 'delivery_consent：以新臺幣付款前，請先勾選同意奶油於付款後立即入帳，且不適用七天解除權。',
    ko: 'delivery_consent: 대만 달러로 결제하려면 버터가 결제 즉시 지급되어 7일 청약철회가 적용되지 않는다는 데 먼저 동의해 주세요.',
    ja: 'delivery_consent：台湾ドルでのお支払いの前に、バターが支払い後すぐに付与され、7日間の解除権が適用されないことへの同意にチェックを入れてください。',
  },
  checkoutInDebt: {
    en: 'Purchases are paused: this account owes {debt} Butter after a payment was refunded or disputed. A redeem code or an invitation reward settles it.',
    'zh-CN': '暂停购买：有一笔付款已退款或被提出争议，该账号还欠 {debt} 黄油币。使用兑换码或获得邀请奖励即可还清。',
    'zh-TW': '暫停購買：有一筆付款已退款或被提出爭議，這個帳號還欠 {debt} 奶油。使用兌換碼或獲得邀請獎勵即可還清。',
    ko: '구매가 중지되었어요. 환불되거나 이의 제기된 결제가 있어서 이 계정에 갚아야 할 버터 {debt}개가 남아 있어요. 쿠폰 코드나 초대 보상으로 갚을 수 있어요.',
    ja: '購入を停止しています。払い戻しまたは異議申し立てのあった支払いがあるため、このアカウントに{debt}バターの未払いがあります。シリアルコードか招待特典で精算できます。',
  },
  codeUnknown: {
    en: 'This code does not exist.',
    'zh-CN': '兑换码不存在。',
    'zh-TW': '兌換碼不存在。',
    ko: '존재하지 않는 코드예요.',
    ja: 'このコードは存在しません。',
  },
  codeUsedUp: {
    en: 'This code has already been used.',
    'zh-CN': '该兑换码已被使用。',
    'zh-TW': '這個兌換碼已被使用。',
    ko: '이미 사용된 코드예요.',
    ja: 'このコードは使用済みです。',
  },
  codeExpired: {
    en: 'This code has expired.',
    'zh-CN': '该兑换码已过期。',
    'zh-TW': '這個兌換碼已過期。',
    ko: '만료된 코드예요.',
    ja: 'このコードは有効期限が切れています。',
  },
  codeOwn: {
    en: 'You cannot use your own invitation code.',
    'zh-CN': '不能使用自己的邀请码。',
    'zh-TW': '不能使用自己的邀請碼。',
    ko: '내 초대 코드는 사용할 수 없어요.',
    ja: '自分の招待コードは使えません。',
  },
  codeReciprocal: {
    en: 'This account joined with your invitation code, so you cannot use its code.',
    'zh-CN': '对方是用你的邀请码注册的，不能再使用对方的邀请码。',
    'zh-TW': '對方是用你的邀請碼註冊的，不能再使用對方的邀請碼。',
    ko: '이 계정은 내 초대 코드로 가입했기 때문에 그 계정의 코드는 사용할 수 없어요.',
    ja: 'この相手はあなたの招待コードで登録したため、相手のコードは使えません。',
  },
  codesPaused: {
    en: 'Too many wrong codes for this address today. Codes for it are paused for a day, and its owner got a mail.',
    'zh-CN': '今天这个邮箱输错验证码的次数太多了。这个邮箱的验证码将暂停使用一天，我们已发邮件通知邮箱主人。',
    'zh-TW': '今天這個電子郵件地址輸錯驗證碼的次數太多了。這個地址的驗證碼將暫停使用一天，我們已寄信通知地址的主人。',
    ko: '오늘 이 이메일 주소로 인증번호를 너무 많이 잘못 입력했어요. 하루 동안 이 주소의 인증번호를 받지 않으며, 주소 주인에게 메일을 보냈어요.',
    ja: '本日、このメールアドレスでコードのまちがいが多すぎました。このアドレスのコード入力は1日停止し、持ち主にメールでお知らせしました。',
  },
  nameIsEmail: {
    en: 'Choose a name that is not your e-mail address.',
    'zh-CN': '请换一个与邮箱地址无关的名字。',
    'zh-TW': '請換一個和電子郵件地址無關的名稱。',
    ko: '이메일 주소가 아닌 다른 이름을 정해 주세요.',
    ja: 'メールアドレス以外の名前にしてください。',
  },
  codeAlreadyUsedOne: {
    en: 'You have already used an invitation code.',
    'zh-CN': '你已经使用过邀请码了。',
    'zh-TW': '你已經使用過邀請碼了。',
    ko: '이미 초대 코드를 사용했어요.',
    ja: '招待コードはすでに使用済みです。',
  },
  verificationFailed: {
    en: 'Verification failed, please try again',
    'zh-CN': '验证失败，请重试',
    'zh-TW': '驗證失敗，請再試一次',
    ko: '인증에 실패했어요. 다시 시도해 주세요',
    ja: '認証に失敗しました。もう一度お試しください',
  },
  rateLimited: {
    en: 'Too many attempts. Please wait {seconds} s and try again.',
    'zh-CN': '操作太频繁，请 {seconds} 秒后再试。',
    'zh-TW': '操作太頻繁，請 {seconds} 秒後再試一次。',
    ko: '시도가 너무 많아요. {seconds}초 후에 다시 시도해 주세요.',
    ja: '試行回数が多すぎます。{seconds}秒後にもう一度お試しください。',
  },
  tooManyStreams: {
    en: 'You already have {max} stories open. Close one and try again.',
    'zh-CN': '你已经同时打开了 {max} 个故事。请先关闭一个再试。',
    'zh-TW': '你已經同時開著 {max} 個故事了。請先關掉一個再試。',
    ko: '이미 이야기 {max}개를 열어 두었어요. 하나를 닫고 다시 시도해 주세요.',
    ja: 'すでに{max}件の物語を開いています。どれかを閉じてからもう一度お試しください。',
  },
  minorRefused: {
    en: 'Spicy stories are only written about adults. Please make every character 18 or older.',
    'zh-CN': '成人向故事只能描写成年人。请确保所有角色都已年满 18 岁。',
    'zh-TW': '限制級故事只能描寫成年人。請確認所有角色都已年滿 18 歲。',
    ko: '청소년 이용불가 이야기에는 성인만 등장할 수 있어요. 모든 캐릭터를 성인으로 설정해 주세요.',
    ja: '成人向けの物語に登場できるのは成人だけです。すべてのキャラクターを18歳以上にしてください。',
  },
  codeRedeemedBefore: {
    en: 'You have already redeemed this code.',
    'zh-CN': '你已经兑换过这个兑换码了。',
    'zh-TW': '你已經兌換過這個兌換碼了。',
    ko: '이미 사용한 쿠폰 코드예요.',
    ja: 'このコードはすでに引き換え済みです。',
  },
  paymentsDisabled: {
    en: 'This payment method is not available here.',
    'zh-CN': '此处不支持该支付方式。',
    'zh-TW': '這裡不支援這個付款方式。',
    ko: '이 결제 방법은 여기에서 사용할 수 없어요.',
    ja: 'この支払い方法はここでは利用できません。',
  },
  redeemed: {
    en: '{butter} Butter added to your balance.',
    'zh-CN': '兑换成功，{butter} 黄油币已存入你的余额。',
    'zh-TW': '兌換成功，{butter} 奶油已存入你的餘額。',
    ko: '버터 {butter}개가 잔액에 추가되었어요.',
    ja: '{butter}バターを残高に追加しました。',
  },
  invitationAccepted: {
    en: 'Invitation accepted: {butter} Butter for you and your friend.',
    'zh-CN': '邀请码已生效：你和好友各得 {butter} 黄油币。',
    'zh-TW': '邀請碼已生效：你和朋友各得 {butter} 奶油。',
    ko: '초대 코드가 적용되었어요. 나와 친구 모두 버터 {butter}개를 받았어요.',
    ja: '招待コードを使いました。あなたと友だちにそれぞれ{butter}バターをプレゼント。',
  },
  invitationNoReward: {
    en: 'Invitation accepted. This mailbox has already received an invitation reward, so no Butter this time.',
    'zh-CN': '邀请码已生效。这个邮箱已经领取过邀请奖励，本次不再发放黄油币。',
    'zh-TW': '邀請碼已生效。這個電子郵件地址已經領過邀請獎勵，這次不會再發放奶油。',
    ko: '초대 코드가 적용되었어요. 이 메일함은 이미 초대 보상을 받아서 이번에는 버터가 지급되지 않아요.',
    ja: '招待コードを使いました。このメールアドレスはすでに招待特典を受け取っているため、今回はバターの付与はありません。',
  },
  sexualRefused: {
    en: 'General stories stay free of sexual content. Choose Spicy (18+) for an adult story, or leave that part out.',
    'zh-CN': '全年龄故事不能包含性内容。想写成人向故事请选择“成人向（18+）”，或删掉这部分内容。',
    'zh-TW': '普遍級故事不能包含性內容。想寫限制級故事請選擇「限制級（18+）」，或刪掉這部分內容。',
    ko: '전체 이용가 이야기에는 성적인 내용을 넣을 수 없어요. 청소년 이용불가(19+)를 선택하거나 해당 부분을 빼 주세요.',
    ja: '全年齢向けの物語に性的な内容は書けません。「成人向け（18+）」を選ぶか、その部分を削除してください。',
  },
  adultOnly: {
    en: 'Spicy stories are for accounts that confirmed they are 18 or older.',
    'zh-CN': '成人向内容仅限已确认年满 18 岁的账号。',
    'zh-TW': '限制級內容僅限已確認年滿 18 歲的帳號。',
    ko: '청소년 이용불가 콘텐츠는 19세 이상임을 확인한 계정만 이용할 수 있어요.',
    ja: '成人向けコンテンツは18歳以上であることを確認したアカウントのみ利用できます。',
  },
  takenDownText: {
    en: 'This text was taken down for breaking the rules and cannot be published again.',
    'zh-CN': '这段内容因违反规则已被下架，不能再次发布。',
    'zh-TW': '這段內容因違反規則已被下架，不能再次發布。',
    ko: '이 내용은 규칙 위반으로 게시 중단되어 다시 발행할 수 없어요.',
    ja: 'この本文はルール違反で公開停止になったため、再び公開することはできません。',
  },
  takenDownNovel: {
    en: 'A post of this story was taken down for breaking the rules, so this story cannot be published again.',
    'zh-CN': '这个故事发布的内容因违反规则已被下架，不能再次发布。',
    'zh-TW': '這個故事發布的內容因違反規則已被下架，不能再次發布。',
    ko: '이 이야기로 발행한 글이 규칙 위반으로 게시 중단되어 다시 발행할 수 없어요.',
    ja: 'この物語の投稿がルール違反で公開停止になったため、この物語はもう公開できません。',
  },
  novelBusy: {
    en: 'This story is still being written. Please wait until it is finished.',
    'zh-CN': '这个故事还在生成中，请等它完成。',
    'zh-TW': '這個故事還在生成中，請等它完成。',
    ko: '아직 이야기를 쓰는 중이에요. 완성될 때까지 기다려 주세요.',
    ja: 'この物語はまだ執筆中です。完成するまでお待ちください。',
  },
  chapterChanged: {
    en: 'This chapter changed since you selected the text. Select it again and try once more.',
    'zh-CN': '选中文字之后，这一章已经改动过。请重新选择后再试。',
    'zh-TW': '選取文字之後，這一章已經改動過。請重新選取後再試一次。',
    ko: '텍스트를 선택한 뒤에 이 장이 바뀌었어요. 다시 선택한 다음 시도해 주세요.',
    ja: 'テキストを選んだあとでこの章が変更されました。選び直してからもう一度お試しください。',
  },
  selectionOutside: {
    en: 'The selection is not inside this chapter any more. Select the text again.',
    'zh-CN': '选中的范围已不在这一章内，请重新选择文字。',
    'zh-TW': '選取的範圍已不在這一章內，請重新選取文字。',
    ko: '선택한 범위가 이 장을 벗어났어요. 텍스트를 다시 선택해 주세요.',
    ja: '選択した範囲がこの章の外になっています。テキストを選び直してください。',
  },
  nothingToContinue: {
    en: 'There is no text to continue yet.',
    'zh-CN': '还没有可以续写的内容。',
    'zh-TW': '還沒有可以續寫的內容。',
    ko: '아직 이어 쓸 내용이 없어요.',
    ja: 'まだ続きを書ける本文がありません。',
  },
  unavailable: {
    en: 'The service is briefly unavailable. Please try again in a few seconds.',
    'zh-CN': '服务暂时不可用，请几秒后再试。',
    'zh-TW': '服務暫時無法使用，請幾秒後再試。',
    ko: '서비스를 잠시 이용할 수 없어요. 몇 초 후에 다시 시도해 주세요.',
    ja: 'サービスが一時的に利用できません。数秒後にもう一度お試しください。',
  },
  moderationUnavailable: {
    en: 'The safety check is not answering right now, so this spicy text cannot be accepted. Nothing was charged. Please try again in a minute.',
    'zh-CN': '安全审核暂时没有响应，这段成人向内容暂时无法提交。没有扣除任何黄油币，请一分钟后再试。',
    'zh-TW': '安全審核暫時沒有回應，這段限制級內容暫時無法送出。沒有扣除任何奶油，請一分鐘後再試。',
    ko: '안전 검사가 지금 응답하지 않아 청소년 이용불가 내용을 받을 수 없어요. 버터는 차감되지 않았어요. 1분 후에 다시 시도해 주세요.',
    ja: '安全チェックが応答しないため、成人向けの内容を受け付けられません。バターは消費されていません。1分ほどしてからもう一度お試しください。',
  },
  nameRefused: {
    en: 'This name cannot be used: names may not be sexual or refer to a minor.',
    'zh-CN': '这个名字无法使用：名字不能带有性内容，也不能指向未成年人。',
    'zh-TW': '這個名字無法使用：名字不能帶有性內容，也不能指向未成年人。',
    ko: '이 이름은 사용할 수 없어요. 이름에 성적인 내용이나 미성년자를 가리키는 말을 넣을 수 없어요.',
    ja: 'この名前は使えません。性的な言葉や未成年を指す言葉は名前に使えません。',
  },
  internal: {
    en: 'Something went wrong on our side. Please try again.',
    'zh-CN': '服务器出错了，请稍后重试。',
    'zh-TW': '伺服器出錯了，請稍後再試一次。',
    ko: '서버에 문제가 생겼어요. 다시 시도해 주세요.',
    ja: 'サーバーでエラーが発生しました。もう一度お試しください。',
  },
};

export type MessageKey = keyof typeof MESSAGES;

export function message(key: MessageKey, lang: Language, params: Record<string, string | number> = {}): string {
  const template = MESSAGES[key][lang] ?? MESSAGES[key].en;
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
}
