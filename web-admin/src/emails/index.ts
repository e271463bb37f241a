import EmailIcon from '@mui/icons-material/Outbox';
import { EmailList } from './EmailList';
import { EmailShow } from './EmailShow';

export default { list: EmailList, show: EmailShow, icon: EmailIcon };
