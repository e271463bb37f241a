import MailIcon from '@mui/icons-material/Mail';
import { ContactMessageList } from './ContactMessageList';
import { ContactMessageShow } from './ContactMessageShow';

export default { list: ContactMessageList, show: ContactMessageShow, icon: MailIcon };
