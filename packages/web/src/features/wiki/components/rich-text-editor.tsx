/**
 * The content editor, a module of its own so that tiptap and its styles are fetched only
 * when an entry dialog opens (React.lazy in rich-text-field.tsx).
 */
import '@mantine/tiptap/styles.css';
import { Link, RichTextEditor, type RichTextEditorLabels } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect } from 'react';

const LABELS: Partial<RichTextEditorLabels> = {
  boldControlLabel: 'Fett',
  italicControlLabel: 'Kursiv',
  underlineControlLabel: 'Unterstrichen',
  strikeControlLabel: 'Durchgestrichen',
  clearFormattingControlLabel: 'Formatierung entfernen',
  h2ControlLabel: 'Überschrift 2',
  h3ControlLabel: 'Überschrift 3',
  bulletListControlLabel: 'Aufzählung',
  orderedListControlLabel: 'Nummerierte Liste',
  blockquoteControlLabel: 'Zitat',
  codeControlLabel: 'Code',
  hrControlLabel: 'Trennlinie',
  linkControlLabel: 'Link einfügen',
  unlinkControlLabel: 'Link entfernen',
  undoControlLabel: 'Rückgängig',
  redoControlLabel: 'Wiederholen',
  linkEditorInputLabel: 'Link-Adresse',
  linkEditorInputPlaceholder: 'https://beispiel.at',
  linkEditorExternalLink: 'Link in neuem Tab öffnen',
  linkEditorInternalLink: 'Link im selben Tab öffnen',
  linkEditorSave: 'Speichern',
};

export default function WikiRichTextEditor({
  value,
  onChange,
  labelledBy,
  invalid,
}: {
  value: string;
  onChange: (html: string) => void;
  labelledBy: string;
  invalid: boolean;
}) {
  const editor = useEditor({
    // StarterKit 3 brings its own link; Mantine's adds the link editor's keyboard shortcut.
    extensions: [StarterKit.configure({ link: false }), Link.configure({ openOnClick: false })],
    content: value,
    editorProps: {
      attributes: {
        'aria-labelledby': labelledBy,
        'aria-multiline': 'true',
        'aria-required': 'true',
        'aria-invalid': invalid ? 'true' : 'false',
        role: 'textbox',
      },
    },
    // An empty editor reports '<p></p>'; the form treats that as missing content.
    onUpdate: ({ editor: current }) => {
      if (!current.isDestroyed) onChange(current.isEmpty ? '' : current.getHTML());
    },
  });

  // The dialog may load the entry after the editor exists (?edit=): take the new value.
  // A destroyed editor (the dialog closing, or React re-mounting) has no schema any more.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    if (!editor.isFocused && value !== (editor.isEmpty ? '' : editor.getHTML())) {
      editor.commands.setContent(value, { emitUpdate: false });
    }
  }, [editor, value]);

  return (
    <RichTextEditor
      editor={editor}
      labels={LABELS}
      style={invalid ? { borderColor: 'var(--mantine-color-error)' } : undefined}
    >
      <RichTextEditor.Toolbar>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Bold />
          <RichTextEditor.Italic />
          <RichTextEditor.Underline />
          <RichTextEditor.Strikethrough />
          <RichTextEditor.ClearFormatting />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.H2 />
          <RichTextEditor.H3 />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.BulletList />
          <RichTextEditor.OrderedList />
          <RichTextEditor.Blockquote />
          <RichTextEditor.Code />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Link />
          <RichTextEditor.Unlink />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Undo />
          <RichTextEditor.Redo />
        </RichTextEditor.ControlsGroup>
      </RichTextEditor.Toolbar>
      <RichTextEditor.Content mih={160} />
    </RichTextEditor>
  );
}
