import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import { DATE_RANGES, type DateRange, isDateRange } from "../utils/date-range";

export function DateRangeSelect({
  value,
  onChange,
}: {
  value: DateRange;
  onChange: (range: DateRange) => void;
}) {
  return (
    <Select
      value={value}
      onValueChange={(next) => {
        if (isDateRange(next)) onChange(next);
      }}
    >
      <SelectTrigger aria-label="Date range" className="w-40">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {DATE_RANGES.map((range) => (
          <SelectItem key={range.value} value={range.value}>
            {range.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
