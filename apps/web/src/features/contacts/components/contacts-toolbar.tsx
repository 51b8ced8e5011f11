import { CONTACT_MESSAGES, INTERACTION_FREQUENCIES, type InteractionFrequency } from '@penman/contract';
import { FilterX, Search } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { useIsMobile } from '@/lib/use-is-mobile.ts';
import { type ContactFilters, isFilterActive } from './contacts-view.ts';
import { CONTACT_LABELS } from './labels.ts';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './ui/select.tsx';

/** Radix Select has no empty value: this one stands for 'All Companies' / 'All Strengths'. */
const ALL = '__all__';

type ContactsToolbarProps = {
  searchInput: string;
  onSearchInput: (value: string) => void;
  /** The applied filters (the search as debounced). */
  filters: ContactFilters;
  showFilters: boolean;
  companies: string[];
  onCompany: (company: string) => void;
  onStrength: (strength: InteractionFrequency | '') => void;
  onClearFilters: () => void;
  shown: number;
  total: number;
};

/** The search box, and once contacts exist the company and strength filters with 'Clear Filters'. */
export function ContactsToolbar(props: ContactsToolbarProps) {
  const { searchInput, onSearchInput, filters, showFilters, companies, onCompany, onStrength, onClearFilters, shown, total } = props;
  const companyId = useId();
  const strengthId = useId();
  const phone = useIsMobile();
  return (
    <div className="mb-4 grid gap-3 rounded-xl border bg-card p-4 shadow-sm">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-end">
        <div className="relative min-w-0 flex-1">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            type="search"
            aria-label={CONTACT_LABELS.searchLabel}
            placeholder={phone ? CONTACT_LABELS.searchPlaceholderPhone : CONTACT_MESSAGES.searchPlaceholder}
            value={searchInput}
            onChange={(event) => onSearchInput(event.target.value)}
            className="pl-9"
          />
        </div>
        {showFilters ? (
          <div className="grid grid-cols-2 gap-3 lg:flex">
            <div className="grid gap-1.5 lg:w-52">
              <Label htmlFor={companyId} className="sr-only">
                {CONTACT_LABELS.companyFilter}
              </Label>
              <Select value={filters.company || ALL} onValueChange={(value) => onCompany(value === ALL ? '' : value)}>
                <SelectTrigger id={companyId} aria-label={CONTACT_LABELS.companyFilter}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={ALL}>{CONTACT_MESSAGES.allCompanies}</SelectItem>
                  {companies.map((company) => (
                    <SelectItem key={company} value={company}>
                      {company}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            <div className="grid gap-1.5 lg:w-44">
              <Label htmlFor={strengthId} className="sr-only">
                {CONTACT_LABELS.strengthFilter}
              </Label>
              <Select
                value={filters.strength || ALL}
                onValueChange={(value) => onStrength(value === ALL ? '' : (value as InteractionFrequency))}
              >
                <SelectTrigger id={strengthId} aria-label={CONTACT_LABELS.strengthFilter}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={ALL}>{CONTACT_MESSAGES.allStrengths}</SelectItem>
                  {INTERACTION_FREQUENCIES.map((frequency) => (
                    <SelectItem key={frequency} value={frequency}>
                      {CONTACT_MESSAGES.strengthOptions[frequency]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
          </div>
        ) : null}
      </div>
      {showFilters && isFilterActive(filters) ? (
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="outline" size="sm" onClick={onClearFilters}>
            <FilterX aria-hidden="true" />
            {CONTACT_MESSAGES.clearFilters}
          </Button>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {CONTACT_MESSAGES.filteredCount(shown, total)}
          </p>
        </div>
      ) : null}
    </div>
  );
}
