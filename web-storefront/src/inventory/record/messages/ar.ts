import type { Translation } from '../../../i18n';
import type en from './en';

export default {
  priceRange: 'نطاق السعر: {low} – {high}',
  trim: 'الفئة',
  vin: 'رقم الهيكل (VIN)',
  vinNotYet: 'يُعطى عندما يصنع المصنع السيارة',
  vinOnRequest: 'عند الطلب',
  importStatus: 'التوفر',
  statusInStock: 'متوفرة محليًا',
  statusInTransit: 'في الطريق',
  statusOnOrder: 'مطلوبة من المصنع',
  expectedArrival: '{status}، الوصول المتوقع {date}',
  drivingRange: 'مدى القيادة',
  drivingRangeKm: '{km} كم',
  pricing: 'نطاق السعر',
  reservationAmount: 'مبلغ الحجز',
  pricingNote: 'عن السعر',
} satisfies Translation<typeof en>;
