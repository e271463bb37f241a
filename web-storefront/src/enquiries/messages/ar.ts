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
  'Full name is required': 'الاسم الكامل مطلوب',
  'Phone number is required': 'رقم الهاتف مطلوب',
  'Please enter a valid phone number': 'يرجى إدخال رقم هاتف صالح',
  'Please enter a valid email address': 'يرجى إدخال بريد إلكتروني صالح',
  'Please choose a valid date': 'يرجى اختيار تاريخ صالح',
} satisfies Translation<typeof en>;
