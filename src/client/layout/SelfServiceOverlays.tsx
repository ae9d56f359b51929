import { VideoDialog } from '../pages/help/VideoDialog';
import { InformationPopup } from './InformationPopup';
import { UserChangePrompt } from './UserChangePrompt';

/** What the self-service adds to every logged-in page: tutorial player, information pop-up, reload prompt. */
export function SelfServiceOverlays() {
  return (
    <>
      <VideoDialog />
      <InformationPopup />
      <UserChangePrompt />
    </>
  );
}
