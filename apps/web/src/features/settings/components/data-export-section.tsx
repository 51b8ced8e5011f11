import { SETTINGS_LABELS, SETTINGS_MESSAGES } from '@penman/contract';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { downloadMyData } from '../api/your-data.ts';
import { SettingsSection } from './settings-section.tsx';
import { exportFileNameFrom, exportProgressLabel } from './settings-view.ts';

function saveFile(file: Blob, fileName: string) {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function DataExportSection() {
  const [progress, setProgress] = useState<number | null>(null);
  const onExport = async () => {
    setProgress(0);
    try {
      const { file, contentDisposition } = await downloadMyData(setProgress);
      saveFile(file, exportFileNameFrom(contentDisposition));
    } catch {
      toast.error(SETTINGS_MESSAGES.exportFailed);
    } finally {
      setProgress(null);
    }
  };
  return (
    <SettingsSection id="data-export" title={SETTINGS_LABELS.sections.dataExport} description={SETTINGS_LABELS.dataExport.description}>
      <Button variant="outline" onClick={() => void onExport()} disabled={progress !== null} aria-live="polite">
        {progress !== null ? (
          <>
            <Spinner className="size-4" />
            {exportProgressLabel(progress)}
          </>
        ) : (
          SETTINGS_LABELS.dataExport.export
        )}
      </Button>
    </SettingsSection>
  );
}
