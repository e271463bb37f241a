import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import { ConversationList } from './ConversationList';
import { ConversationShow } from './ConversationShow';

export default { list: ConversationList, show: ConversationShow, icon: SupportAgentIcon };
