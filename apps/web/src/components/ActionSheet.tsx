import { ActionSheetView, type ActionSheetViewProps } from '@/app/ActionSheetView.tsx';

/** A list of choices from the bottom, as a real dialog in the overlay stack (docs/web-client.md "Overlays"). */
export function ActionSheet(props: ActionSheetViewProps) {
  return <ActionSheetView {...props} />;
}
