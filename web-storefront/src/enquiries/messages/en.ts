export default {
  close: 'Close',
  intro: 'Leave your details and our team will contact you within 24 hours.',
  fullName: 'Full name',
  phone: 'Phone number',
  email: 'Email (optional)',
  message: 'Message (optional)',
  preferredDate: 'Preferred date',
  send: 'Send enquiry',
  sending: 'Sending...',
  sent: 'Thank you! We received your enquiry about {subject} and will contact you within 24 hours.',
  failed: 'Your enquiry could not be sent. Please try again.',
  fieldsInvalid: 'Please fix the highlighted fields.',
} as const;
