import { OVERVIEW_LABELS } from '@penman/contract';
import { BookOpen, Upload } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button.tsx';
import { OverviewCard } from './overview-card.tsx';

const L = OVERVIEW_LABELS.knowledgeBase;

/** An invitation to upload knowledge documents: its button opens the Knowledge Base's upload dialog. */
export function KnowledgeBaseCard() {
  return (
    <OverviewCard icon={BookOpen} title={L.title} description={L.description} className="justify-end">
      <p className="text-xs text-muted-foreground">{L.accepts}</p>
      <Link to="/dashboard/knowledge?upload=1" className={`${buttonVariants({ size: 'sm', variant: 'outline' })} self-start`}>
        <Upload aria-hidden="true" />
        {L.action}
      </Link>
    </OverviewCard>
  );
}
