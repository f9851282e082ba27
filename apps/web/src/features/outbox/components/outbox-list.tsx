import type { OutboxMessage } from "@utmost/contracts";
import { Inbox } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { linkify } from "../utils/linkify";

function MessageText({ text }: { text: string }) {
  return (
    <p className="text-sm break-words whitespace-pre-wrap">
      {linkify(text).map((part, index) =>
        part.kind === "link" ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one immutable text.
          <a key={index} href={part.value} className="text-primary underline underline-offset-2">
            {part.value}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one immutable text.
          <span key={index}>{part.value}</span>
        ),
      )}
    </p>
  );
}

export function OutboxList({ messages }: { messages: OutboxMessage[] }) {
  if (messages.length === 0) {
    return (
      <EmptyState
        icon={Inbox}
        title="No messages yet"
        description="Mail the app sends, such as password reset links, appears here."
      />
    );
  }
  return (
    <ul className="flex flex-col gap-4">
      {messages.map((message) => (
        <li key={message.id}>
          <Card>
            <CardHeader className="gap-1 pb-3">
              <CardTitle className="text-base">{message.subject}</CardTitle>
              <CardDescription>
                To {message.to} ·{" "}
                <time dateTime={message.createdAt}>
                  {new Date(message.createdAt).toLocaleString()}
                </time>
              </CardDescription>
            </CardHeader>
            <CardContent>
              <MessageText text={message.text} />
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}
