import styled from 'styled-components';
import type { PhishingTemplate } from '@portal/api/contract';

const Frame = styled.iframe`
  width: 100%;
  min-height: 280px;
  border: 1px solid var(--ui-color-border);
  border-radius: 8px;
  /* The message is shown as mail clients show it: on white, whatever the portal's theme. */
  background: #fff;
  color-scheme: light;
`;

const Subject = styled.p`
  margin: 0 0 8px;
`;

/**
 * A template or landing page as its recipient would see it, in a sandboxed frame: `sandbox=""`
 * runs no script, submits no form and reaches nothing of the portal, and `srcdoc` keeps the
 * content out of the portal's own document. Never rendered as live HTML in the portal.
 */
export function TemplatePreview({ template }: { template: PhishingTemplate }) {
  return (
    <div>
      {template.kind === 'email' && (
        <Subject>
          <strong>Subject:</strong> {template.subject}
        </Subject>
      )}
      <Frame
        title={`Preview of ${template.name}`}
        sandbox=""
        srcDoc={template.content}
        referrerPolicy="no-referrer"
      />
    </div>
  );
}
