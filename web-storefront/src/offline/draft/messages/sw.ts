import type { Translation } from '../../../i18n';
import type en from './en';

export default {
  offline: 'Uko nje ya mtandao. Unachoandika na picha unazochagua zinahifadhiwa kwenye simu hii.',
  offlineText: 'Uko nje ya mtandao. Unachoandika kinahifadhiwa kwenye simu hii.',
  waiting: 'Uko nje ya mtandao: ombi lako litatumwa utakaporudi mtandaoni. Hakuna ulichoingiza kinachopotea.',
  sendNow: 'Jaribu kutuma sasa',
} satisfies Translation<typeof en>;
