import { z } from 'zod';

/**
 * German default messages for every zod issue that a schema does not word itself.
 * Imported once by the server and the web entry points.
 */
z.config({
  customError: (issue: any) => {
    switch (issue.code) {
      case 'invalid_type':
        return issue.input === undefined || issue.input === null ? 'Dieses Feld ist erforderlich' : 'Ungültiger Wert';
      case 'too_small':
        if (issue.origin === 'string') {
          return Number(issue.minimum) <= 1 ? 'Dieses Feld ist erforderlich' : `Mindestens ${issue.minimum} Zeichen`;
        }
        if (issue.origin === 'array') return `Mindestens ${issue.minimum} Einträge`;
        return issue.inclusive === false
          ? `Der Wert muss größer als ${issue.minimum} sein`
          : `Der Wert muss mindestens ${issue.minimum} sein`;
      case 'too_big':
        if (issue.origin === 'string') return `Höchstens ${issue.maximum} Zeichen`;
        if (issue.origin === 'array') return `Höchstens ${issue.maximum} Einträge`;
        return issue.inclusive === false
          ? `Der Wert muss kleiner als ${issue.maximum} sein`
          : `Der Wert darf höchstens ${issue.maximum} sein`;
      case 'invalid_value':
        return 'Ungültige Auswahl';
      case 'invalid_format':
        return issue.format === 'email' ? 'Bitte geben Sie eine gültige E-Mail-Adresse ein' : 'Ungültiges Format';
      case 'not_multiple_of':
        return `Der Wert muss ein Vielfaches von ${String(issue.divisor).replace('.', ',')} sein`;
      case 'unrecognized_keys':
        return 'Unbekanntes Feld';
      default:
        return 'Ungültiger Wert';
    }
  },
});

export { z };
