import AddBusinessIcon from '@mui/icons-material/AddBusiness';
import AlternateEmailIcon from '@mui/icons-material/AlternateEmail';
import AssignmentIcon from '@mui/icons-material/Assignment';
import BusinessIcon from '@mui/icons-material/Business';
import CreditCardOffIcon from '@mui/icons-material/CreditCardOff';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import DescriptionIcon from '@mui/icons-material/Description';
import EditIcon from '@mui/icons-material/Edit';
import EditLocationIcon from '@mui/icons-material/EditLocation';
import HistoryIcon from '@mui/icons-material/History';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import LabelIcon from '@mui/icons-material/Label';
import LocationOffIcon from '@mui/icons-material/LocationOff';
import LocationOnIcon from '@mui/icons-material/LocationOn';
import CompareArrowsIcon from '@mui/icons-material/CompareArrows';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import MarkunreadMailboxIcon from '@mui/icons-material/MarkunreadMailbox';
import PeopleIcon from '@mui/icons-material/People';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import PersonOffIcon from '@mui/icons-material/PersonOff';
import PersonSearchIcon from '@mui/icons-material/PersonSearch';
import QuestionAnswerIcon from '@mui/icons-material/QuestionAnswer';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import RepeatIcon from '@mui/icons-material/Repeat';
import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import SettingsIcon from '@mui/icons-material/Settings';
import SupervisorAccountIcon from '@mui/icons-material/SupervisorAccount';
import TrafficIcon from '@mui/icons-material/Traffic';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import type { SvgIconComponent } from '@mui/icons-material';

/**
 * MUI icon names usable in YAML (`menu.icon`, `actions[].icon`) → component. Only these are
 * bundled; an unknown name shows a neutral icon instead of pulling in the whole icon set.
 * `DeleteOutline` keeps its YAML name; MUI 9 ships that icon as `DeleteOutlined`.
 */
export const icons: Record<string, SvgIconComponent> = {
  AddBusiness: AddBusinessIcon,
  AlternateEmail: AlternateEmailIcon,
  Assignment: AssignmentIcon,
  Business: BusinessIcon,
  CreditCardOff: CreditCardOffIcon,
  Dashboard: DashboardIcon,
  DeleteOutline: DeleteOutlinedIcon,
  Description: DescriptionIcon,
  Edit: EditIcon,
  EditLocation: EditLocationIcon,
  History: HistoryIcon,
  HourglassEmpty: HourglassEmptyIcon,
  LocationOff: LocationOffIcon,
  LocationOn: LocationOnIcon,
  CompareArrows: CompareArrowsIcon,
  ManageAccounts: ManageAccountsIcon,
  MarkunreadMailbox: MarkunreadMailboxIcon,
  People: PeopleIcon,
  PersonAdd: PersonAddIcon,
  PersonOff: PersonOffIcon,
  PersonSearch: PersonSearchIcon,
  QuestionAnswer: QuestionAnswerIcon,
  ReceiptLong: ReceiptLongIcon,
  Repeat: RepeatIcon,
  RequestQuote: RequestQuoteIcon,
  Settings: SettingsIcon,
  SupervisorAccount: SupervisorAccountIcon,
  Traffic: TrafficIcon,
  TrendingUp: TrendingUpIcon,
  UploadFile: UploadFileIcon,
};

export const iconFor = (name?: string): SvgIconComponent => (name && icons[name]) || LabelIcon;
