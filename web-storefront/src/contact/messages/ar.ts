import type { Translation } from '../../i18n';
import type en from './en';

export default {
  title: 'اتصل بنا',
  lead: 'هل لديك سؤال عن سيارة أو استبدال أو توصيل؟ تواصل معنا بالطريقة التي تناسبك.',
  callTitle: 'اتصل بنا هاتفيًا',
  callHours: 'من الاثنين إلى السبت، من 8 صباحًا حتى 6 مساءً (بتوقيت غرب أفريقيا)',
  callAction: 'اتصل الآن',
  emailTitle: 'راسلنا بالبريد الإلكتروني',
  emailNote: 'نرد خلال 24 ساعة',
  emailAction: 'أرسل رسالة بريد إلكتروني',
  chatTitle: 'دردشة مباشرة',
  chatDetail: 'تحدّث مع تارا، مساعدتنا',
  chatNote: 'إجابات في أي وقت، ليلًا ونهارًا',
  chatAction: 'ابدأ الدردشة',
  formTitle: 'أرسل إلينا رسالة',
  form: 'نموذج التواصل',
  firstName: 'الاسم الأول',
  lastName: 'اسم العائلة',
  email: 'البريد الإلكتروني',
  phone: 'الهاتف',
  message: 'الرسالة',
  send: 'إرسال الرسالة',
  sending: 'جارٍ الإرسال...',
  sent: 'شكرًا لك! تم إرسال رسالتك. سيرد عليك فريقنا خلال 24 ساعة.',
  failed: 'عذرًا، تعذّر إرسال رسالتك. يُرجى المحاولة مرة أخرى.',
} satisfies Translation<typeof en>;
