import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import { WhatsAppMessageList } from './WhatsAppMessageList';

export default { list: WhatsAppMessageList, icon: WhatsAppIcon };
