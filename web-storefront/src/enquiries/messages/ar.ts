import type { Translation } from '../../i18n';
import type en from './en';

export default {
  close: 'إغلاق',
  intro: 'اترك بياناتك وسيتواصل معك فريقنا خلال 24 ساعة.',
  fullName: 'الاسم الكامل',
  phone: 'رقم الهاتف',
  email: 'البريد الإلكتروني (اختياري)',
  message: 'الرسالة (اختياري)',
  preferredDate: 'التاريخ المفضّل',
  send: 'إرسال الطلب',
  sending: 'جارٍ الإرسال...',
  sent: 'شكرًا لك! استلمنا طلبك بخصوص {subject} وسنتواصل معك خلال 24 ساعة.',
  failed: 'تعذّر إرسال طلبك. يرجى المحاولة مرة أخرى.',
  fieldsInvalid: 'يرجى تصحيح الحقول المشار إليها.',
} satisfies Translation<typeof en>;
