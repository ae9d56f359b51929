import AssignmentIcon from '@mui/icons-material/Assignment';
import BusinessIcon from '@mui/icons-material/Business';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DescriptionIcon from '@mui/icons-material/Description';
import EditIcon from '@mui/icons-material/Edit';
import HistoryIcon from '@mui/icons-material/History';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import LabelIcon from '@mui/icons-material/Label';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import PeopleIcon from '@mui/icons-material/People';
import PersonSearchIcon from '@mui/icons-material/PersonSearch';
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
 */
export const icons: Record<string, SvgIconComponent> = {
  Assignment: AssignmentIcon,
  Business: BusinessIcon,
  Dashboard: DashboardIcon,
  Description: DescriptionIcon,
  Edit: EditIcon,
  History: HistoryIcon,
  HourglassEmpty: HourglassEmptyIcon,
  ManageAccounts: ManageAccountsIcon,
  People: PeopleIcon,
  PersonSearch: PersonSearchIcon,
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
