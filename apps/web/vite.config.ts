import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: { "/api": "http://localhost:3000" },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // scripts/report-bundle.ts reads it to print what the landing page loads.
    manifest: true,
    rolldownOptions: {
      // Two entries: the app (index.html) and the landing page's own small script, which
      // scripts/prerender.ts puts in dist/landing.html in the app's place (issue 24).
      input: {
        index: fileURLToPath(new URL("./index.html", import.meta.url)),
        landing: fileURLToPath(new URL("./src/landing/main.ts", import.meta.url)),
      },
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        // Only libraries every page needs get a group: a catch-all vendor group would make the
        // landing page download the app's libraries too (forms, dialogs, menus).
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: "router", test: /node_modules[\\/]react-router[\\/]/ },
          ],
        },
      },
    },
  },
});
