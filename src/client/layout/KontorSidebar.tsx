import { useTranslate } from 'ra-core';
import { Sidebar, type SidebarProps } from 'react-admin';

/**
 * react-admin's sidebar with a name: on a phone it opens as a drawer over the page, whose paper is a
 * dialog for assistive technology and needs one (axe: aria-dialog-name).
 */
export function KontorSidebar(props: SidebarProps) {
  const translate = useTranslate();
  return <Sidebar {...props} slotProps={{ paper: { 'aria-label': translate('ui.nav.menu') } }} />;
}
