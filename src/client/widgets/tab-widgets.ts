import type { ComponentType } from 'react';
import type { DisplayWidgetName } from '../../../generated/widgets';
import { DebtorHistoryTab } from './DebtorHistoryTab';
import { ProcessLogTab } from './ProcessLogTab';

/** Props of a hand-written detail-tab widget (YAML `widget: <name>`). */
export interface TabWidgetProps {
  record: Record<string, unknown>;
  resource: string;
}

/**
 * Hand-written widgets for detail tabs, by the names `schema/widgets.yaml` declares (the
 * generator rejects other names). A declared name without a component shows a "follows" notice.
 */
export const tabWidgets: Partial<Record<DisplayWidgetName, ComponentType<TabWidgetProps>>> = {
  debtorHistory: DebtorHistoryTab,
  processLog: ProcessLogTab,
};
