import { Component, type ReactNode } from "react";
import { ErrorScreen } from "./error-screen";

interface State {
  hasError: boolean;
}

/** Catches render errors outside the router (providers, the router itself). */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { hasError: false };

  static getDerivedStateFromError(): State {
    return { hasError: true };
  }

  override render() {
    return this.state.hasError ? <ErrorScreen /> : this.props.children;
  }
}
